import { type CoinMessage, type CoinSide, oppositeSide } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinCanvas } from "../../components/coin/coin-canvas.tsx";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";

/**
 * The coin flip result overlay (player spec): the coin turns 40 to 49 times over about 15 s to
 * the server's outcome, then calls `onLanded` and says whether the player won; the flow shows the
 * win or loss notice. `onClose`, given once it has landed, lets Escape close the overlay.
 */
export function CoinResult({
  result,
  mySide,
  onLanded,
  onClose,
}: {
  result: CoinMessage;
  mySide: CoinSide | null;
  onLanded: () => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const [landed, setLanded] = useState(false);
  return (
    <ResultOverlay
      label={t("coinFlip.result")}
      code={result.game.code}
      betAmount={result.game.betAmount}
      history={result.previousWinningCoins.map((side) => ({
        text: side,
        className: `side-${side}`,
      }))}
      lobby="/play/instant/coin-flip/lobby"
      onClose={onClose}
    >
      <CoinCanvas
        outcome={result.coin}
        spinKey={result.game.fairness.roundId}
        onLanded={() => {
          setLanded(true);
          onLanded();
        }}
      />
      {mySide && (
        <p className="sides">
          {t("coinFlip.yourSide")}: <strong>{mySide}</strong> · {t("coinFlip.opponentSide")}:{" "}
          <strong>{oppositeSide(mySide)}</strong>
        </p>
      )}
      {landed && mySide && (
        <p className="verdict" data-testid="verdict">
          {t(mySide === result.coin ? "rounds.won" : "rounds.lost")}
        </p>
      )}
    </ResultOverlay>
  );
}
