/**
 * Runs `work` once the page has loaded and the main thread is idle (at the latest 2 s later):
 * for code a page may need soon but not for its first paint. Nothing outside a browser.
 */
export function whenIdleAfterLoad(work: () => unknown) {
  if (typeof window === "undefined") return;
  const idle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(() => void work(), { timeout: 2_000 })
      : setTimeout(() => void work(), 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
