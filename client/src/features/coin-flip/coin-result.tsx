import { type CoinMessage, type CoinSide, oppositeSide } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { CoinCanvas } from "../../components/coin/coin-canvas.tsx";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import type { Balances } from "../../lib/rounds/game-flow-machine.ts";

/**
 * The coin flip result overlay (player spec): the coin turns 40 to 49 times over about 15 s to
 * the server's outcome, then calls `onLanded`; the flow shows the win or loss.
 */
export function CoinResult({
  result,
  mySide,
  balances,
  onLanded,
}: {
  result: CoinMessage;
  mySide: CoinSide | null;
  balances: Balances | null;
  onLanded: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ResultOverlay
      label={t("coinFlip.result")}
      code={result.game.code}
      betAmount={result.game.betAmount}
      balances={balances}
      history={result.previousWinningCoins.map((side) => ({
        text: side,
        className: `side-${side}`,
      }))}
      lobby="/play/instant/coin-flip/lobby"
    >
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
    </ResultOverlay>
  );
}
