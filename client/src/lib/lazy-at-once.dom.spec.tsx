import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyAtOnce } from "./lazy-at-once.tsx";

const Picture = ({ name }: { name: string }) => <p>the {name}</p>;
const later = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("a component loaded on demand, shown at once when its code is there", () => {
  it("renders without its fallback once preloaded, and suspends as lazy does before", async () => {
    const { Component, preload } = lazyAtOnce(async () => Picture);
    const first = render(
      <Suspense fallback={<p>waiting</p>}>
        <Component name="wheel" />
      </Suspense>,
    );
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(await screen.findByText("the wheel")).toBeTruthy();
    first.unmount();
    preload();
    await later();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Component name="drum" />
      </Suspense>,
    );
    // In the first commit: no fallback shown, so none to wait out.
    expect(screen.getByText("the drum")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();
  });

  it("loads again after a failed load (offline, say): the next preload or render tries anew", async () => {
    let attempts = 0;
    const { Component, preload } = lazyAtOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return Picture;
    });
    preload(); // fails, quietly: nothing rendered it
    await later();
    preload();
    await later();
    expect(attempts).toBe(2);
    render(<Component name="coin" />);
    expect(screen.getByText("the coin")).toBeTruthy();
  });
});
