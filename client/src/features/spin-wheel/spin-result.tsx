import type { SpinMessage } from "@igp/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import type { Balances } from "../../lib/rounds/game-flow-machine.ts";

const WheelCanvas = lazy(() =>
  import("../../components/wheel/wheel-canvas.tsx").then((module) => ({
    default: module.WheelCanvas,
  })),
);

/**
 * The spin wheel result overlay (player spec): the six-segment wheel spins 6 s to the server's
 * final rotation; then 'The winner number is :' shows the number and `onLanded` lets the flow
 * announce the win or loss.
 */
export function SpinResult({
  result,
  myNumbers,
  balances,
  onLanded,
}: {
  result: SpinMessage;
  myNumbers: number[];
  balances: Balances | null;
  onLanded: () => void;
}) {
  const { t } = useTranslation();
  const [landed, setLanded] = useState(false);
  const { gameResult, gameInfo } = result;
  return (
    <ResultOverlay
      label={t("spinWheel.result")}
      code={gameInfo.code}
      betAmount={gameInfo.betAmount}
      betLabel={t("rounds.baseBet")}
      myBet={myNumbers.length * gameInfo.betAmount}
      balances={balances}
      history={result.previousWinningNumbers.map((number) => ({ text: String(number) }))}
      lobby="/play/instant/spin-wheel/lobby"
    >
      <Suspense fallback={<div className="wheel-canvas" />}>
        <WheelCanvas
          finalRotation={gameResult.finalRotation}
          winnerValue={gameResult.winnerValue}
          label={t("spinWheel.wheel")}
          onLanded={() => {
            setLanded(true);
            onLanded();
          }}
        />
      </Suspense>
      <p className="winner-line">
        {t("spinWheel.winnerIs")}{" "}
        <strong data-testid="winner-number">{landed ? gameResult.winnerValue : "…"}</strong>
      </p>
      {myNumbers.length > 0 && (
        <p>
          {t("spinWheel.yourNumbers")}: <strong>{myNumbers.join(", ")}</strong>
        </p>
      )}
    </ResultOverlay>
  );
}
