import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The round code, with a copy action for sharing a private game. */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(code).catch(() => {});
    setCopied(true);
  };
  return (
    <p className="game-code">
      {t("rounds.gameCode")}: <strong data-testid="game-code">{code}</strong>{" "}
      <button type="button" className="button-small button-outline" onClick={copy}>
        {copied ? t("rounds.copied") : t("rounds.copy")}
      </button>
    </p>
  );
}
