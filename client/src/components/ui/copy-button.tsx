import { useState } from "react";
import { useTranslation } from "react-i18next";
import "./copy-button.css";

/**
 * Copies a code or an account number for its owner to paste elsewhere; says 'Copied' once done.
 * Its name includes the text, so a list of them reads apart. Without a clipboard (an insecure
 * origin, a refused permission) the text stays on screen to read. A small secondary button.
 */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const label = copied ? t("common.copied") : t("common.copy");
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => {},
    );
  return (
    <button
      type="button"
      className="button button-small button-secondary copy-button"
      onClick={copy}
      aria-label={`${label} ${text}`}
    >
      {label}
    </button>
  );
}
