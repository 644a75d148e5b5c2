import { useMachine } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { useNotice } from "../../components/ui/notice.tsx";
import { useSession } from "../session.tsx";
import { useMoney } from "../site-config.tsx";
import type { FlowContext, FlowEntry, gameFlowMachine } from "./game-flow-machine.ts";
import { celebrate, playSound } from "./sounds.ts";
import type { RoundStateBase } from "./use-round-room.ts";

type FlowMachine<Choice, Result> = ReturnType<typeof gameFlowMachine<Choice, Result>>;

/** Where a screen's money lives: the signed-in player's wallet unless a game brings its own. */
export interface FlowWallet {
  /** Re-reads the money after a lock and after a result. */
  refresh(): void;
  /**
   * Keeps a payout off the screens until the returned release (session.holdBalances): every
   * rise, or only the rises `round` brings.
   */
  hold?(round?: string): () => void;
}

/** What a game's screen brings to the shared flow. */
export interface GameFlowScreen<Choice, Result> {
  machine: FlowMachine<Choice, Result>;
  entry: FlowEntry;
  /** A demo's play money; the session's wallet when left out. */
  wallet?: FlowWallet;
  choice?: Choice | null;
  /** The round's id, once known: its payout is held from the player's lock until the landing. */
  roundId?: string;
  /** The round's room, once there is one (a create view has none yet); a demo's local draw. */
  room?: { state: RoundStateBase | null; result: Result | null };
  /** Creates or joins on the API with the locked choice; rejects with the server's message. */
  lock?: (choice: Choice) => Promise<unknown>;
  hasChoice?: (choice: Choice | null) => boolean;
  /** Won or lost, once the result is in; null for someone who only watched. */
  verdict?: (context: FlowContext<Choice, Result>) => { won: boolean; payout: number } | null;
  onNothingChosen?: () => void;
  onLockFailed?: (error: Error) => void;
  onLocked?: (answer: unknown) => void;
  /** The result animation begins (a game's own sound). */
  onAnimationStart?: () => void;
}

/**
 * One round game's screen flow (game-flow-machine.ts) run through @xstate/react: the room's news
 * becomes the machine's events, and the steps every game shows alike (the start notice, the
 * balances held from then until the animation lands, the win or loss notice with its sound and
 * confetti) are done here. Returns the snapshot and `send`.
 */
export function useGameFlow<Choice, Result>(screen: GameFlowScreen<Choice, Result>) {
  const { t } = useTranslation();
  const notify = useNotice();
  const money = useMoney();
  const session = useSession();
  const { refresh, hold } = screen.wallet ?? {
    refresh: () => void session.refresh(),
    hold: session.holdBalances,
  };

  // One lock call per choice: React's development double effects restart the machine's actors,
  // and a second create or join for the same choice would be refused.
  const pendingLock = useRef<{ choice: string; call: Promise<unknown> } | null>(null);
  const lockOnce = (choice: Choice) => {
    const key = JSON.stringify(choice);
    if (pendingLock.current?.choice !== key) {
      const call = screen.lock!(choice);
      call.catch(() => {
        if (pendingLock.current?.call === call) pendingLock.current = null;
      });
      pendingLock.current = { choice: key, call };
    }
    return pendingLock.current.call;
  };

  const [snapshot, send] = useMachine(
    screen.machine.provide({
      actors: {
        lock: fromPromise(async ({ input }: { input: { choice: Choice | null } }) => {
          if (!screen.lock || input.choice === null) throw new Error(t("rounds.internalError"));
          return lockOnce(input.choice);
        }),
      },
      guards: {
        hasChoice: ({ context }) => (screen.hasChoice ?? ((c) => c !== null))(context.choice),
      },
      actions: {
        warnNothingChosen: () => screen.onNothingChosen?.(),
        lockFailed: (_, error) => screen.onLockFailed?.(error as Error),
        locked: (_, answer) => {
          refresh();
          screen.onLocked?.(answer);
        },
        announceStart: () =>
          notify({
            type: "info",
            title: t("rounds.startsSoon"),
            message: t("rounds.startsSoonMessage"),
            autoCloseMs: 2000,
          }),
        startAnimation: () => screen.onAnimationStart?.(),
        announceOutcome: ({ context }) => {
          refresh();
          const verdict = screen.verdict?.(context);
          if (!verdict) return;
          playSound(verdict.won ? "win" : "lose");
          if (verdict.won) celebrate();
          notify(
            verdict.won
              ? {
                  type: "success",
                  title: t("rounds.won"),
                  message: t("rounds.wonMessage", { amount: money(verdict.payout) }),
                  haptic: "success",
                }
              : {
                  type: "danger",
                  title: t("rounds.lost"),
                  message: t("rounds.lostMessage"),
                  haptic: "warning",
                },
          );
        },
        announceExpiry: () => refresh(),
      },
    }),
    { input: { entry: screen.entry, choice: screen.choice ?? null } },
  );

  // The room's news, as events; the machine ignores what does not apply to where it is. The
  // start is told once the machine counts down (a joiner may still be locking when it comes).
  const { state: room, result } = screen.room ?? { state: null, result: null };
  const starting = Boolean(room && room.startsAt > 0 && OPEN.includes(room.status));
  const countingDown = snapshot.matches("countdown");
  useEffect(() => {
    if (starting && countingDown) send({ type: "STARTING" });
  }, [starting, countingDown, send]);
  useEffect(() => {
    if (room?.status === "expired") send({ type: "EXPIRED" });
  }, [room?.status, send]);
  useEffect(() => {
    if (result) send({ type: "RESULT", result });
  }, [result, send]);

  // A payout waits off the screens: every rise from the start notice until the animation lands,
  // and the round's own (named by the server) from the lock on, however late the notice comes.
  const holding = snapshot.matches("startNotice") || snapshot.matches("spinning");
  useEffect(() => (holding ? hold?.() : undefined), [holding, hold]);
  const seated = SEATED.some((state) => snapshot.matches(state));
  const { roundId } = screen;
  useEffect(() => (seated && roundId ? hold?.(roundId) : undefined), [seated, roundId, hold]);

  return { snapshot, send };
}

/** The flow's states in which the player has (or is taking) a seat whose result is not shown. */
const SEATED = ["locking", "countdown", "startNotice", "spinning"] as const;

/** A round still to be drawn (its start notice means something only then). */
const OPEN: string[] = ["waiting", "player-joined"];
