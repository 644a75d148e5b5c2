import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A proof or logo as a thumbnail that opens full size (Escape or Close shuts it). `src` is the
 * image's address: a logo's `/image/{file}`, or the signed link a proof arrives with.
 */
export function ImageThumbnail({ src, label }: { src: string | null; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  if (!src) return <span>—</span>;
  return (
    <>
      <button
        type="button"
        className="thumbnail"
        onClick={() => setOpen(true)}
        aria-label={t("admin.viewImage", { label })}
      >
        <img src={src} alt="" width={40} height={40} />
      </button>
      {open && (
        <div className="modal-backdrop">
          <figure className="viewer" role="dialog" aria-modal="true" aria-label={label}>
            <img src={src} alt={label} />
            <button ref={close} type="button" className="button" onClick={() => setOpen(false)}>
              {t("common.close")}
            </button>
          </figure>
        </div>
      )}
    </>
  );
}
