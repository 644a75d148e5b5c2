import "../admin-texts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/modal.tsx";
import { refreshLists } from "../../../lib/queries.ts";

/** When a signed link (`?expires=<seconds>&signature=`) stops working, in ms; null for others. */
export function linkExpiry(src: string): number | null {
  const expires = new URL(src, "http://site").searchParams.get("expires");
  return expires ? Number(expires) * 1000 : null;
}

/**
 * The back office's lists read again: their proofs come back with freshly signed links (a list
 * left open past a link's 10 to 15 minutes would otherwise show broken images).
 */
const freshLinks = () => void refreshLists(["admin"]);

/**
 * A proof or logo as a thumbnail that opens full size (Escape or Close shuts it). `src` is the
 * image's address: a logo's `/image/{file}`, or the signed link a proof arrives with, re-signed
 * (its list read again) when it is opened expired or fails to load.
 */
export function ImageThumbnail({ src, label }: { src: string | null; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!src) return <span>—</span>;
  const expiry = linkExpiry(src);
  const expired = () => expiry !== null && expiry <= Date.now();
  return (
    <>
      <button
        type="button"
        className="thumbnail"
        onClick={() => {
          if (expired()) freshLinks();
          setOpen(true);
        }}
        aria-label={t("admin.viewImage", { label })}
      >
        <img src={src} alt="" width={40} height={40} onError={() => expired() && freshLinks()} />
      </button>
      {open && (
        <Modal title={label} titleHidden className="viewer" onClose={() => setOpen(false)}>
          <img src={src} alt={label} onError={() => expired() && freshLinks()} />
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t("common.close")}
          </button>
        </Modal>
      )}
    </>
  );
}
