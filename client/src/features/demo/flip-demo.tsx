import { type CoinSide, minorToMajor } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinCanvas } from "../../components/coin/coin-canvas.tsx";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import { SidePicker } from "../../components/rounds/side-picker.tsx";
import { gameFlowMachine } from "../../lib/rounds/game-flow-machine.ts";
import { playSound } from "../../lib/rounds/sounds.ts";
import { BetInput } from "./bet-input.tsx";
import { playFlip } from "./demo-rules.ts";
import { settleDemo } from "./demo-wallet.ts";
import { PlayMoney } from "./play-money.tsx";
import { randomBelow } from "./secure-random.ts";
import { useDemoRound } from "./use-demo-round.ts";

/** A demo flip, decided in the browser when it is locked. */
interface FlipRound {
  outcome: CoinSide;
  stake: number;
  payout: number;
  /** The outcomes before this one, newest first. */
  history: string[];
  id: string;
}

const flipFlow = gameFlowMachine<CoinSide, FlipRound>();
const drawSide = (): CoinSide => (randomBelow(2) === 0 ? "H" : "T");

/** /demo/game/flip-coin: one round at a time; Play Again starts a fresh one. */
export function FlipDemo() {
  const [round, setRound] = useState(0);
  return <FlipDemoRound key={round} onPlayAgain={() => setRound((n) => n + 1)} />;
}

/**
 * The real coin flip's pieces (side picker, figures, result overlay, PixiJS coin, sounds and
 * confetti) and the shared game flow, with the outcome drawn locally: pick a side, lock, the coin
 * spins 15 seconds, and the win or loss lands on the play money.
 */
function FlipDemoRound({ onPlayAgain }: { onPlayAgain: () => void }) {
  const { t } = useTranslation();
  const { snapshot, send, bet, setBet, result, playMoney, betShown } = useDemoRound({
    game: "flip-coin",
    machine: flipFlow,
    play: (before, bet, side: CoinSide) => playFlip(before, bet, side, drawSide()),
    // Varies the coin's number of turns; crypto.randomUUID would need a secure context.
    round: ({ outcome, stake, payout }, before): FlipRound => ({
      outcome,
      stake,
      payout,
      history: before.history,
      id: `${Date.now()}-${randomBelow(2 ** 32)}`,
    }),
    nothingChosen: "wait",
    badInput: "invalidBet",
    onAnimationStart: () => playSound("coin"),
  });
  const selecting = snapshot.matches("selecting");

  return (
    <section className="card round-view demo-round" data-flow={String(snapshot.value)}>
      <h1>{t("games.coinFlip")}</h1>
      <PlayMoney
        game="flip-coin"
        busy={!selecting && !snapshot.matches("result")}
        showBalance={false}
      />
      <GameFigures betAmount={betShown} playMoney={playMoney} />
      <BetInput value={bet} onChange={setBet} disabled={!selecting} />
      <SidePicker
        label={t("coinFlip.pickSide")}
        value={snapshot.context.choice}
        onChange={(side) => send({ type: "PICK", choice: side })}
        disabled={!selecting}
      />
      <button
        type="button"
        className="button"
        onClick={() => send({ type: "LOCK" })}
        disabled={!selecting}
      >
        {selecting ? t("rounds.lockSelection") : t("rounds.selectionLocked")}
      </button>
      {result && (
        <ResultOverlay
          label={t("coinFlip.result")}
          betAmount={minorToMajor(result.stake)}
          playMoney={playMoney}
          history={result.history.map((side) => ({ text: side, className: `side-${side}` }))}
          onPlayAgain={onPlayAgain}
          onClose={snapshot.matches("result") ? onPlayAgain : undefined}
        >
          <CoinCanvas
            outcome={result.outcome}
            spinKey={result.id}
            onLanded={() => {
              settleDemo("flip-coin");
              send({ type: "LANDED" });
            }}
          />
          {snapshot.context.choice && (
            <p className="sides">
              {t("coinFlip.yourSide")}: <strong>{snapshot.context.choice}</strong>
            </p>
          )}
        </ResultOverlay>
      )}
    </section>
  );
}
