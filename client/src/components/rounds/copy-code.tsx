import { useTranslation } from "react-i18next";
import { CopyButton } from "../ui/copy-button.tsx";

/** The round code, with a copy action for sharing a private game. */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <p className="game-code">
      {t("rounds.gameCode")}: <strong data-testid="game-code">{code}</strong>{" "}
      <CopyButton text={code} />
    </p>
  );
}
