import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import "../../../lib/i18n.ts";
import { useStepUp } from "./step-up.tsx";

afterEach(cleanup);

/** An approval the server refuses without a code, then with a wrong one, then takes. */
function Approval({ sent }: { sent: (string | undefined)[] }) {
  const { run, dialog } = useStepUp();
  const send = async (code?: string) => {
    sent.push(code);
    if (code !== "654321")
      throw new ApiError(
        403,
        code
          ? "Wrong code. Please try again."
          : "Approving more than ETB 100.00 needs the code from your authenticator app.",
        "authenticatorCode",
      );
  };
  return (
    <>
      <button type="button" onClick={() => void run(send).then(() => sent.push("done"))}>
        Approve now
      </button>
      {dialog}
    </>
  );
}

describe("a step-up before a large approval", () => {
  it("asks the authenticator's code, says why again, and sends it with the approval", async () => {
    const sent: (string | undefined)[] = [];
    render(<Approval sent={sent} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve now" }));
    expect(
      await screen.findByText(
        "Approving more than ETB 100.00 needs the code from your authenticator app.",
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Authenticator code" }), {
      target: { value: "111111" },
    });
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(await screen.findByText("Wrong code. Please try again.")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Authenticator code" }), {
      target: { value: "654321" },
    });
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(sent).toEqual([undefined, "111111", "654321", "done"]));
    expect(screen.queryByRole("textbox", { name: "Authenticator code" })).toBeNull();
  });
});
