import { useEffect, useState } from "react";

/**
 * Runs `work` once the page has loaded and the main thread is idle (at the latest 2 s later):
 * for code a page may need soon but not for its first paint. Nothing outside a browser.
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdleAfterLoad(work: () => unknown): () => void {
  if (typeof window === "undefined") return () => {};
  let cancel = () => window.removeEventListener("load", idle);
  function idle() {
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(() => void work(), { timeout: 2_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => void work(), 200);
      cancel = () => clearTimeout(handle);
    }
  }
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => cancel();
}

/**
 * False until the page has loaded and the main thread has been idle once (whenIdleAfterLoad),
 * then true: for a part of the page that must not compete with its first paint and hydration.
 */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  return idle;
}
