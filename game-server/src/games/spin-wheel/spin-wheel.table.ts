import { minorToMajor, pickMessageSchema, type SpinWheelGame, wheelResultFor } from "@igp/shared";
import { GAME_OVER } from "../round-kernel/round-game.ts";
import type { GameTable, Refusal, RoundTable } from "../round-kernel/round-table.ts";
import {
  heldNumbers,
  NOT_YOUR_NUMBER,
  playerCount,
  SELECTION_LOCKED,
  type SpinWheelSeat,
  whyNotLock,
  whyNotPick,
} from "./spin-wheel.rules.ts";
import { type SpinWheelState, showPicks, showPlayers } from "./spin-wheel.state.ts";
import { spinWheelGameView } from "./spin-wheel.view.ts";

/** What the join route asks of a spin wheel table: lock and pay these numbers. */
export interface SpinWheelJoin {
  selectedNumbers: number[];
  clientSeed: string;
}

/**
 * One spin wheel round at its table. Players pick and unpick numbers here (live, no money; a
 * number picked or held by one player is blocked for the others); locking is the
 * `/api/game/spin-wheel/join` route, which the room hands to `join` here. Every check and
 * reservation of a number happens synchronously before the stake is taken, so no number is
 * ever held twice.
 */
export function spinWheelTable(
  table: RoundTable<SpinWheelSeat, number, SpinWheelState>,
): GameTable<SpinWheelSeat, number, SpinWheelJoin, SpinWheelGame> {
  /** number → the player who picked or holds it. */
  const picks = new Map<number, string>();
  /** Players whose lock is being paid: their numbers are reserved, their picks frozen. */
  const locking = new Set<string>();

  function showSeats() {
    const seats = table.round.players;
    // Locked numbers are always their holder's, also in a room rebuilt after a restart.
    for (const seat of seats) for (const n of seat.selectedNumbers) picks.set(n, seat.player);
    showPicks(table.state, picks, seats);
    showPlayers(table.state, seats);
    const result = table.round.outcome === null ? null : wheelResultFor(table.round.outcome);
    table.state.winnerValue = result?.winnerValue ?? 0;
    table.state.winnerIndex = result?.winnerIndex ?? -1;
    table.state.finalRotation = result?.finalRotation ?? 0;
  }

  /**
   * The picks alone, for a change of picks only: the seats are as `showSeats` (the room's, as
   * each is paid) last showed them, so their numbers are in `picks` already.
   */
  function showPicked() {
    showPicks(table.state, picks, table.round.players);
  }

  function pick(userId: string, number: number): string | null {
    if (!table.seating) return GAME_OVER;
    if (locking.has(userId)) return SELECTION_LOCKED;
    const why = whyNotPick(table.round.players, picks, userId, number);
    if (why) return why;
    picks.set(number, userId);
    showPicked();
    return null;
  }

  function unpick(userId: string, number: number): string | null {
    if (picks.get(number) !== userId) return NOT_YOUR_NUMBER;
    if (locking.has(userId) || table.round.players.some((s) => s.player === userId))
      return SELECTION_LOCKED;
    picks.delete(number);
    showPicked();
    return null;
  }

  /** Frees a player's numbers that are picked but not locked. */
  function release(userId: string) {
    unpickAll(userId);
    showPicked();
  }

  /** `release` without showing it: for a caller that changes the picks again and shows them. */
  function unpickAll(userId: string) {
    const locked = new Set(heldNumbers(table.round.players));
    for (const [n, holder] of picks) if (holder === userId && !locked.has(n)) picks.delete(n);
  }

  function announceLock() {
    const locked = {
      code: table.round.code,
      heldNumbers: heldNumbers(table.round.players),
      players: playerCount(table.round.players),
    };
    table.broadcast("gameLockedSpin", locked);
    table.announce("gameLockedSpin", locked);
  }

  return {
    messages: {
      pick: { schema: pickMessageSchema, handle: (userId, { number }) => pick(userId, number) },
      unpick: { schema: pickMessageSchema, handle: (userId, { number }) => unpick(userId, number) },
    },

    /** Lock and pay the numbers. */
    async join(userId, { selectedNumbers: numbers, clientSeed }) {
      if (!table.seating) return { ok: false, status: 409, message: GAME_OVER };
      if (locking.has(userId)) return { ok: false, status: 409, message: SELECTION_LOCKED };
      const why = whyNotLock(table.round, picks, userId, numbers, Date.now());
      if (why) return { ok: false, status: 409, message: why };
      // The numbers reserved, shown once (the seat shows the seats once paid).
      unpickAll(userId);
      for (const n of numbers) picks.set(n, userId);
      locking.add(userId);
      showPicked();
      let refused: Refusal | null;
      try {
        refused = await table.seat({ player: userId, selectedNumbers: numbers, clientSeed });
      } finally {
        // On an unexpected failure the numbers stay reserved: the stake may yet land.
        locking.delete(userId);
      }
      if (refused) {
        release(userId);
        return refused;
      }
      announceLock();
      return { ok: true, game: spinWheelGameView(table.round) };
    },

    left(userId) {
      if (!locking.has(userId)) release(userId);
    },

    resultOf(settled, previous) {
      const game = spinWheelGameView(table.round);
      const payout = settled.payouts[0]!;
      const message = {
        gameInfo: {
          code: game.code,
          betAmount: game.betAmount,
          playerWithChoice: game.playerWithChoice,
        },
        gameResult: wheelResultFor(settled.outcome),
        previousWinningNumbers: previous,
        game,
        winner: payout.userId,
        payout: minorToMajor(payout.amount),
      };
      return { type: "spin", message };
    },

    showSeats,
  };
}
