import "../admin-texts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/modal.tsx";

/**
 * A proof or logo as a thumbnail that opens full size (Escape or Close shuts it). `src` is the
 * image's address: a logo's `/image/{file}`, or the signed link a proof arrives with.
 */
export function ImageThumbnail({ src, label }: { src: string | null; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
        <Modal title={label} titleHidden className="viewer" onClose={() => setOpen(false)}>
          <img src={src} alt={label} />
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t("common.close")}
          </button>
        </Modal>
      )}
    </>
  );
}
