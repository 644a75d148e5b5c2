import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while React renders a page at build time or hydrates its prerendered HTML, true from then
 * on (and at once on a page rendered in the browser): the first render in the browser must equal
 * the build's HTML, whatever the browser knows that the build did not (a session, say).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
