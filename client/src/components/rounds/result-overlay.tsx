import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Modal } from "../ui/modal.tsx";
import { GameFigures, type PlayMoneyFigure } from "./game-figures.tsx";
import "./result-overlay.css";

/**
 * The full-screen result every round game shows (player spec, result overlays): game code, the
 * game's animation first and its lines, balances (a payout held back until the animation lands,
 * then counted up), bet, the last 10 outcomes or 'No previous games.', the fairness link, Go To
 * Home and Play Again. A
 * demo round has no code and nothing to verify; it shows its play money and plays again in place.
 * A modal dialog: focus stays in it; once the animation has landed (`onClose` given), Escape
 * closes it.
 */
export function ResultOverlay({
  label,
  code,
  betAmount,
  betLabel,
  myBet,
  playMoney,
  history,
  lobby,
  onPlayAgain,
  onClose,
  children,
}: {
  label: string;
  /** The round's code; a demo round has none. */
  code?: string;
  betAmount: number;
  /** As in GameFigures: spin wheel shows its base bet and my bet. */
  betLabel?: string;
  myBet?: number;
  /** A demo's play money, shown instead of the real balances. */
  playMoney?: PlayMoneyFigure;
  /** Previous outcomes, newest first, each with its class for colouring. */
  history: { text: string; className?: string }[];
  /** Where Play Again goes, unless `onPlayAgain` starts the next round in place (a demo). */
  lobby?: string;
  onPlayAgain?: () => void;
  /** Closes the overlay; given once the animation has landed (nothing closes it before). */
  onClose?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={label}
      titleHidden
      overlayClassName="result-overlay"
      className="result-panel"
      dismissible={Boolean(onClose)}
      onClose={() => onClose?.()}
    >
      {code && (
        <p className="game-code">
          {t("rounds.gameCode")}: <strong>{code}</strong>
        </p>
      )}
      {children}
      <GameFigures betAmount={betAmount} betLabel={betLabel} myBet={myBet} playMoney={playMoney} />
      <section className="history">
        <h3>{t("rounds.lastResults")}</h3>
        {history.length === 0 ? (
          <p>{t("rounds.noPreviousGames")}</p>
        ) : (
          <ol className="history-list">
            {history.map((outcome, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered history
              <li key={i} className={outcome.className}>
                {outcome.text}
              </li>
            ))}
          </ol>
        )}
      </section>
      {code && <Link to={`/fair?code=${code}`}>{t("rounds.verify")}</Link>}
      <div className="modal-actions">
        <Link className="button button-secondary" to="/">
          {t("rounds.goHome")}
        </Link>
        {onPlayAgain ? (
          <button type="button" className="button" onClick={onPlayAgain}>
            {t("rounds.playAgain")}
          </button>
        ) : (
          <Link className="button" to={lobby ?? "/"}>
            {t("rounds.playAgain")}
          </Link>
        )}
      </div>
    </Modal>
  );
}
