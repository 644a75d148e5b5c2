import { useTranslation } from "react-i18next";
import { useMiniApp } from "../../lib/telegram/mini-app-port.ts";
import { CopyButton } from "../ui/copy-button.tsx";

/** The round code, with a copy action for sharing a private game (and Share inside Telegram). */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const shareGame = useMiniApp()?.shareGame;
  return (
    <p className="game-code">
      {t("rounds.gameCode")}: <strong data-testid="game-code">{code}</strong>{" "}
      <CopyButton text={code} />
      {shareGame && (
        <button
          type="button"
          className="button button-small share-in-telegram"
          onClick={() => shareGame(code)}
        >
          {t("telegram.share")}
        </button>
      )}
    </p>
  );
}
