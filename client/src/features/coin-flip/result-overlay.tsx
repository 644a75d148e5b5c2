import { type CoinMessage, type CoinSide, oppositeSide } from "@igp/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { CoinCanvas } from "./coin/coin-canvas.tsx";
import { celebrate, playSound } from "./coin/sounds.ts";
import { GameFigures } from "./game-figures.tsx";

/**
 * The full-screen result (player spec, coin-flip result overlay): the coin turns 40 to 49 times
 * over about 15 s to the server's outcome, then the win or loss notice, sound and confetti.
 */
export function ResultOverlay({
  result,
  mySide,
}: {
  result: CoinMessage;
  mySide: CoinSide | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const notify = useNotice();
  const { user, refresh } = useSession();
  const landed = useRef(false);
  // The payout is already in the wallet: keep showing the balances from before until it lands.
  const [shown, setShown] = useState(() => user && { ...user });
  useEffect(() => playSound("coin"), []);

  const onLanded = () => {
    if (landed.current) return;
    landed.current = true;
    setShown(null);
    void refresh();
    if (!mySide) return;
    if (mySide === result.coin) {
      playSound("win");
      celebrate();
      notify({
        type: "success",
        title: t("coinFlip.won"),
        message: t("coinFlip.wonMessage", { amount: money(result.payout) }),
      });
    } else {
      playSound("lose");
      notify({ type: "danger", title: t("coinFlip.lost"), message: t("coinFlip.lostMessage") });
    }
  };

  return (
    <div
      className="result-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t("coinFlip.result")}
    >
      <div className="result-panel">
        <p className="game-code">
          {t("coinFlip.gameCode")}: <strong>{result.game.code}</strong>
        </p>
        <GameFigures betAmount={result.game.betAmount} balances={shown} />
        <CoinCanvas
          outcome={result.coin}
          spinKey={result.game.fairness.roundId}
          onLanded={onLanded}
        />
        {mySide && (
          <p className="sides">
            {t("coinFlip.yourSide")}: <strong>{mySide}</strong> · {t("coinFlip.opponentSide")}:{" "}
            <strong>{oppositeSide(mySide)}</strong>
          </p>
        )}
        <section className="history">
          <h3>{t("coinFlip.lastResults")}</h3>
          {result.previousWinningCoins.length === 0 ? (
            <p>{t("coinFlip.noPreviousGames")}</p>
          ) : (
            <ol className="history-list">
              {result.previousWinningCoins.map((side, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered history
                <li key={i} className={`side-${side}`}>
                  {side}
                </li>
              ))}
            </ol>
          )}
        </section>
        <Link to={`/fair?code=${result.game.code}`}>{t("coinFlip.verify")}</Link>
        <div className="modal-actions">
          <Link className="button button-outline" to="/">
            {t("coinFlip.goHome")}
          </Link>
          <Link className="button" to="/play/instant/coin-flip/lobby">
            {t("coinFlip.playAgain")}
          </Link>
        </div>
      </div>
    </div>
  );
}
