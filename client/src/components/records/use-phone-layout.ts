import { useSyncExternalStore } from "react";

/** Below this width a list's records are cards (the stylesheet's phone layout agrees). */
const PHONE = "(max-width: 639px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the screen is a phone's, followed as the window turns or resizes; null where it is not
 * known: on the server, and while the browser hydrates what the server rendered (React renders
 * the server's answer first, then the browser's).
 */
export function usePhoneLayout(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => null,
  );
}
