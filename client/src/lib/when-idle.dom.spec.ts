import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIdleAfterLoad } from "./when-idle.ts";

/** The page still loading, and the browser's idle callbacks held until a test runs them. */
let idleCallbacks: Map<number, () => void>;

beforeEach(() => {
  idleCallbacks = new Map();
  Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
    const handle = idleCallbacks.size + 1;
    idleCallbacks.set(handle, callback);
    return handle;
  });
  vi.stubGlobal("cancelIdleCallback", (handle: number) => idleCallbacks.delete(handle));
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, "readyState");
});

const runIdleCallbacks = () =>
  act(() => {
    for (const callback of idleCallbacks.values()) callback();
  });

describe("a part of the page held until the page has loaded and the browser is idle", () => {
  it("is false while the page loads and until the browser is idle after it, then true", () => {
    const { result } = renderHook(() => useIdleAfterLoad());
    expect(result.current).toBe(false);
    runIdleCallbacks();
    expect(result.current).toBe(false); // nothing asked yet: the page has not loaded
    act(() => void window.dispatchEvent(new Event("load")));
    expect(idleCallbacks.size).toBe(1);
    expect(result.current).toBe(false);
    runIdleCallbacks();
    expect(result.current).toBe(true);
  });

  it("waits only for the browser's idleness on a page already loaded", () => {
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    const { result } = renderHook(() => useIdleAfterLoad());
    expect(idleCallbacks.size).toBe(1);
    runIdleCallbacks();
    expect(result.current).toBe(true);
  });

  it("asks nothing more of the browser once the page that wanted it is gone", () => {
    const { unmount } = renderHook(() => useIdleAfterLoad());
    unmount();
    window.dispatchEvent(new Event("load"));
    expect(idleCallbacks.size).toBe(0);
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    const loaded = renderHook(() => useIdleAfterLoad());
    loaded.unmount();
    expect(idleCallbacks.size).toBe(0);
  });
});
