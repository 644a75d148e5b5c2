import type { SpinMessage } from "@igp/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import { WheelPlaceholder } from "../../components/wheel/wheel-placeholder.tsx";
import "./spin-wheel.css";

const WheelCanvas = lazy(() =>
  import("../../components/wheel/wheel-canvas.tsx").then((module) => ({
    default: module.WheelCanvas,
  })),
);

/**
 * The spin wheel result overlay (player spec): the six-segment wheel spins 6 s to the server's
 * final rotation; then 'The winner number is :' shows the number, the player's win or loss, and
 * `onLanded` lets the flow announce it. `onClose`, given once landed, lets Escape close it.
 */
export function SpinResult({
  result,
  myNumbers,
  onLanded,
  onClose,
}: {
  result: SpinMessage;
  myNumbers: number[];
  onLanded: () => void;
  onClose?: () => void;
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
      history={result.previousWinningNumbers.map((number) => ({ text: String(number) }))}
      lobby="/play/instant/spin-wheel/lobby"
      onClose={onClose}
    >
      <Suspense fallback={<WheelPlaceholder />}>
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
      {landed && myNumbers.length > 0 && (
        <p className="verdict" data-testid="verdict">
          {t(myNumbers.includes(gameResult.winnerValue) ? "rounds.won" : "rounds.lost")}
        </p>
      )}
    </ResultOverlay>
  );
}
