import { minorToMajor } from "@igp/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type GameFlowScreen, useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { DEMO_WALLET, DemoRefusal, demoVerdict, useRefusalNotice } from "./demo-flow.ts";
import {
  DEFAULT_BET,
  type Decision,
  type DemoGame,
  type DemoState,
  type PlacedRound,
  parseBet,
  type Refusal,
} from "./demo-rules.ts";
import { readDemo, saveDemo, useDemo } from "./demo-wallet.ts";

/**
 * One round of a demo game on the shared game flow: the bet as typed, the lock decided by the
 * game's rules on the play money (saved at once), the round kept for the overlay, refusals shown
 * as the spec's messages. A demo screen adds its choice, its animation and its round's shape.
 */
export function useDemoRound<Choice, Outcome, Round extends { stake: number; payout: number }>(
  options: Pick<GameFlowScreen<Choice, Round>, "machine" | "onAnimationStart"> & {
    game: DemoGame;
    /** The game's rules on the play money as it was before the lock. */
    play(before: DemoState, bet: string, choice: Choice): Decision<PlacedRound<Outcome>>;
    /** The round the screen shows, from the rules' answer. */
    round(placed: PlacedRound<Outcome>, before: DemoState): Round;
    nothingChosen: Refusal;
    /** What a lock the rules did not refuse but that failed anyway says. */
    badInput: Refusal;
  },
) {
  const { t } = useTranslation();
  const refused = useRefusalNotice();
  const demo = useDemo(options.game);
  const [bet, setBet] = useState(String(minorToMajor(DEFAULT_BET)));
  // The flow keeps the lock call it started with; the bet is read when the player locks.
  const betRef = useRef(bet);
  betRef.current = bet;
  const [result, setResult] = useState<Round | null>(null);
  const { snapshot, send } = useGameFlow<Choice, Round>({
    machine: options.machine,
    entry: "selecting",
    wallet: DEMO_WALLET,
    room: { state: null, result },
    lock: async (choice) => {
      const before = readDemo(options.game);
      const decision = options.play(before, betRef.current, choice);
      if (!decision.ok) throw new DemoRefusal(decision.refusal);
      saveDemo(options.game, decision.value.state);
      return options.round(decision.value, before);
    },
    onNothingChosen: () => refused(options.nothingChosen),
    onLockFailed: (error) =>
      refused(error instanceof DemoRefusal ? error.refusal : options.badInput),
    onLocked: (round) => setResult(round as Round),
    onAnimationStart: options.onAnimationStart,
    verdict: ({ result }) => demoVerdict(result),
  });
  return {
    snapshot,
    send,
    bet,
    setBet,
    result,
    playMoney: { label: t("demo.playMoney"), amount: minorToMajor(demo.balance) },
    betShown: minorToMajor(result ? result.stake : (parseBet(bet) ?? 0)),
  };
}
