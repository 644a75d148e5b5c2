import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent, ReactNode } from "react";

/** Where the last dialog to close gave focus back. */
let lastReturn: HTMLElement | null = null;

/** What a screen says of its dialog (Modal in modal.tsx). */
export interface ModalProps {
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
}

/**
 * The dialog on Radix Dialog (modal.tsx says what it does). `opener`: what had focus when the
 * screen asked for the dialog, where focus goes back when it closes.
 */
export function ModalDialog({
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
  opener,
}: ModalProps & { opener: HTMLElement | null }) {
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
