import { type CoinSide, minorToMajor } from "@igp/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinCanvas } from "../../components/coin/coin-canvas.tsx";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { ResultOverlay } from "../../components/rounds/result-overlay.tsx";
import { SidePicker } from "../../components/rounds/side-picker.tsx";
import { gameFlowMachine } from "../../lib/rounds/game-flow-machine.ts";
import { playSound } from "../../lib/rounds/sounds.ts";
import { useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { BetInput } from "./bet-input.tsx";
import { DEMO_WALLET, DemoRefusal, demoVerdict, useRefusalNotice } from "./demo-flow.ts";
import { DEFAULT_BET, parseBet, playFlip } from "./demo-rules.ts";
import { readDemo, saveDemo, settleDemo, useDemo } from "./demo-wallet.ts";
import { PlayMoney } from "./play-money.tsx";
import { randomBelow } from "./secure-random.ts";

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
  const refused = useRefusalNotice();
  const demo = useDemo("flip-coin");
  const [bet, setBet] = useState(String(minorToMajor(DEFAULT_BET)));
  // The flow keeps the lock call it started with; the bet is read when the player locks.
  const betRef = useRef(bet);
  betRef.current = bet;
  const [result, setResult] = useState<FlipRound | null>(null);
  const { snapshot, send } = useGameFlow<CoinSide, FlipRound>({
    machine: flipFlow,
    entry: "selecting",
    wallet: DEMO_WALLET,
    room: { state: null, result },
    lock: async (side) => {
      const before = readDemo("flip-coin");
      const decision = playFlip(before, betRef.current, side, drawSide());
      if (!decision.ok) throw new DemoRefusal(decision.refusal);
      const { state, stake, payout, outcome } = decision.value;
      saveDemo("flip-coin", state);
      // Varies the coin's number of turns; crypto.randomUUID would need a secure context.
      const id = `${Date.now()}-${randomBelow(2 ** 32)}`;
      return { outcome, stake, payout, history: before.history, id };
    },
    onNothingChosen: () => refused("wait"),
    onLockFailed: (error) => refused(error instanceof DemoRefusal ? error.refusal : "invalidBet"),
    onLocked: (round) => setResult(round as FlipRound),
    onAnimationStart: () => playSound("coin"),
    verdict: ({ result }) => demoVerdict(result),
  });
  const selecting = snapshot.matches("selecting");
  const playMoney = { label: t("demo.playMoney"), amount: minorToMajor(demo.balance) };
  const betShown = minorToMajor(result ? result.stake : (parseBet(bet) ?? 0));

  return (
    <section className="card round-view demo-round" data-flow={String(snapshot.value)}>
      <h2>{t("games.coinFlip")}</h2>
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
