import { minorToMajor } from "@igp/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { NumberGrid } from "../../components/rounds/number-grid.tsx";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import { WheelPlaceholder } from "../../components/wheel/wheel-placeholder.tsx";
import { gameFlowMachine } from "../../lib/rounds/game-flow-machine.ts";
import { BetInput } from "./bet-input.tsx";
import { DEMO_SPIN_MS, drawWheelStop, playSpin, type WheelStop } from "./demo-rules.ts";
import { settleDemo } from "./demo-wallet.ts";
import { PlayMoney } from "./play-money.tsx";
import { randomBelow } from "./secure-random.ts";
import { useDemoRound } from "./use-demo-round.ts";
import "../spin-wheel/spin-wheel.css";

const WheelCanvas = lazy(() =>
  import("../../components/wheel/wheel-canvas.tsx").then((module) => ({
    default: module.WheelCanvas,
  })),
);

/** A demo spin, decided in the browser when it is locked. */
interface SpinRound {
  stop: WheelStop;
  stake: number;
  payout: number;
  history: string[];
}

const spinFlow = gameFlowMachine<number, SpinRound>();

/** /demo/game/spin-wheel: one round at a time; Play Again starts a fresh one. */
export function SpinDemo() {
  const [round, setRound] = useState(0);
  return <SpinDemoRound key={round} onPlayAgain={() => setRound((n) => n + 1)} />;
}

/**
 * The real spin wheel's pieces (number grid, figures, result overlay, PixiJS wheel, sounds and
 * confetti) and the shared game flow, with the stop drawn locally: pick a number, lock, the wheel
 * spins 4 seconds (5 turns plus a random angle); the number under the pointer wins twice the bet.
 */
function SpinDemoRound({ onPlayAgain }: { onPlayAgain: () => void }) {
  const { t } = useTranslation();
  const [landed, setLanded] = useState(false);
  const { snapshot, send, bet, setBet, result, playMoney, betShown } = useDemoRound({
    game: "spin-wheel",
    machine: spinFlow,
    play: (before, bet, number: number) =>
      playSpin(before, bet, number, drawWheelStop(randomBelow)),
    round: ({ outcome, stake, payout }, before): SpinRound => ({
      stop: outcome,
      stake,
      payout,
      history: before.history,
    }),
    nothingChosen: "noNumber",
    badInput: "invalidInput",
  });
  const selecting = snapshot.matches("selecting");
  const choice = snapshot.context.choice;

  return (
    <section className="card round-view demo-round" data-flow={String(snapshot.value)}>
      <h1>{t("games.spinWheel")}</h1>
      <PlayMoney
        game="spin-wheel"
        busy={!selecting && !snapshot.matches("result")}
        showBalance={false}
      />
      <GameFigures betAmount={betShown} playMoney={playMoney} />
      <BetInput value={bet} onChange={setBet} disabled={!selecting} />
      <NumberGrid
        legend={t("demo.pickNumber")}
        mine={choice === null ? [] : [choice]}
        onToggle={(number) => send({ type: "PICK", choice: number === choice ? null : number })}
        disabled={!selecting}
      />
      <button
        type="button"
        className="button"
        onClick={() => send({ type: "LOCK" })}
        disabled={!selecting}
      >
        {selecting ? t("spinWheel.lockNumber") : t("spinWheel.numberLocked")}
      </button>
      {result && (
        <ResultOverlay
          label={t("spinWheel.result")}
          betAmount={minorToMajor(result.stake)}
          playMoney={playMoney}
          history={result.history.map((number) => ({ text: number }))}
          onPlayAgain={onPlayAgain}
          onClose={landed ? onPlayAgain : undefined}
        >
          <Suspense fallback={<WheelPlaceholder />}>
            <WheelCanvas
              finalRotation={result.stop.finalRotation}
              winnerValue={result.stop.winnerValue}
              spinMs={DEMO_SPIN_MS}
              label={t("spinWheel.wheel")}
              onLanded={() => {
                setLanded(true);
                settleDemo("spin-wheel");
                send({ type: "LANDED" });
              }}
            />
          </Suspense>
          <p className="winner-line">
            {t("spinWheel.winnerIs")}{" "}
            <strong data-testid="winner-number">{landed ? result.stop.winnerValue : "…"}</strong>
          </p>
          {choice !== null && (
            <p>
              {t("spinWheel.yourNumbers")}: <strong>{choice}</strong>
            </p>
          )}
        </ResultOverlay>
      )}
    </section>
  );
}
