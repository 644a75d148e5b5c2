import { Suspense, useState } from "react";
import { lazyAtOnce } from "../../lib/lazy-at-once.tsx";
import { whenIdleAfterLoad } from "../../lib/when-idle.ts";
import type { ModalProps } from "./modal-dialog.tsx";
import "./modal.css";

export type { ModalProps };

/**
 * Radix Dialog (about 10 KB gzipped) is not in a page's first download: no screen opens a dialog
 * before it has painted. It loads once the page has loaded and the phone is idle, or at the first
 * dialog if that comes sooner (which then shows when it has arrived).
 */
const { Component: ModalDialog, preload } = lazyAtOnce(() =>
  import("./modal-dialog.tsx").then((module) => module.ModalDialog),
);
whenIdleAfterLoad(preload);

/**
 * A modal dialog on Radix Dialog (maintained, headless, small, and the WAI-ARIA dialog pattern
 * done fully): focus moves in (to its first control, or the one marked `data-autofocus`) and
 * stays inside, Escape and a press on the backdrop close it, the rest of the page is hidden from
 * assistive technology and does not scroll (modal.css: `body:has([data-modal])`), and focus goes
 * back to what was focused before it opened. Screens open it by rendering it and close it by
 * unmounting it, so there is no trigger: it remembers the focused element itself.
 */
export function Modal(props: ModalProps) {
  // Read before the dialog moves focus into itself (none in the server's render of the page).
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} opener={opener} />
    </Suspense>
  );
}
