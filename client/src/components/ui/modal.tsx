import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, type ReactNode, useState } from "react";
import "./modal.css";

/** Where the last dialog to close gave focus back. */
let lastReturn: HTMLElement | null = null;

/**
 * A modal dialog on Radix Dialog (maintained, headless, small, and the WAI-ARIA dialog pattern
 * done fully): focus moves in (to its first control, or the one marked `data-autofocus`) and
 * stays inside, Escape and a press on the backdrop close it,
 * the rest of the page is hidden from assistive technology and does not scroll (modal.css:
 * `body:has([data-modal])`), and focus goes
 * back to what was focused before it opened. Screens open it by rendering it and close it by
 * unmounting it, so there is no trigger: it remembers the focused element itself.
 */
export function Modal({
  title,
  id,
  onClose,
  role = "dialog",
  className = "modal",
  overlayClassName = "modal-backdrop",
  dismissible = true,
  titleHidden = false,
  onSubmit,
  children,
}: {
  title: ReactNode;
  /** The dialog element's id (Radix names its title and description itself). */
  id?: string;
  onClose(): void;
  /** `alertdialog` for a notice or a question that needs an answer. */
  role?: "dialog" | "alertdialog";
  className?: string;
  overlayClassName?: string;
  /** False while closing would lose something: Escape and the backdrop then do nothing. */
  dismissible?: boolean;
  /** The title names the dialog for assistive technology only. */
  titleHidden?: boolean;
  /** Makes the dialog a form (validated by the screen: `noValidate`). */
  onSubmit?(event: FormEvent): void;
  children: ReactNode;
}) {
  // Read before Radix moves focus into the dialog (none in the server's render of the page).
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  const content = (
    <>
      <Dialog.Title className={titleHidden ? "visually-hidden" : undefined}>{title}</Dialog.Title>
      {children}
    </>
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/*
          Not Radix's Overlay: its scroll lock writes a <style> element, which the site's
          Content-Security-Policy refuses. The page stops scrolling by CSS instead (modal.css).
        */}
        <div className={overlayClassName} data-modal="">
          <Dialog.Content
            asChild
            role={role}
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              // The dialog's own choice of first focus (the safe answer of a question), if any.
              const preferred = (event.target as HTMLElement | null)?.querySelector?.<HTMLElement>(
                "[data-autofocus]",
              );
              if (!preferred) return;
              event.preventDefault();
              preferred.focus();
            }}
            onEscapeKeyDown={(event) => dismissible || event.preventDefault()}
            onPointerDownOutside={(event) => dismissible || event.preventDefault()}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              // The opener may have gone with a dialog that closed as this one opened (Logout in
              // the phone menu): focus then goes where that dialog gave it back.
              const back = opener?.isConnected && opener !== document.body ? opener : lastReturn;
              if (!back?.isConnected) return;
              back.focus();
              lastReturn = back;
            }}
          >
            {onSubmit ? (
              <form id={id} className={className} onSubmit={onSubmit} noValidate>
                {content}
              </form>
            ) : (
              <div id={id} className={className}>
                {content}
              </div>
            )}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
