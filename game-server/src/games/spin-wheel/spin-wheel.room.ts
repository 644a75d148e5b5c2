import type { Client } from "@colyseus/core";
import { minorToMajor, pickMessageSchema, type SpinWheelGame, wheelResultFor } from "@igp/shared";
import { type JoinOutcome, RoundRoom, type RoundRoomDeps } from "../round-kernel/round.room.ts";
import { GAME_OVER } from "../round-kernel/round-game.ts";
import type { Settled } from "../round-kernel/round-lifecycle.ts";
import {
  heldNumbers,
  NOT_YOUR_NUMBER,
  playerCount,
  SELECTION_LOCKED,
  type SpinWheelSeat,
  whyNotLock,
  whyNotPick,
} from "./spin-wheel.rules.ts";
import { SpinWheelState, showPicks, showPlayers } from "./spin-wheel.state.ts";
import { spinWheelGameView } from "./spin-wheel.view.ts";

export type SpinWheelRoomDeps = RoundRoomDeps<SpinWheelSeat, number>;

/**
 * One spin wheel round on the round kernel. Players pick and unpick numbers here (live, no
 * money; a number picked or held by one player is blocked for the others); locking is the
 * `/api/game/spin-wheel/join` route, which calls `join` here. Every check and reservation of a
 * number happens synchronously before the stake is taken, so no number is ever held twice.
 */
export function spinWheelRoom(deps: SpinWheelRoomDeps) {
  return class SpinWheelRoom extends RoundRoom<SpinWheelSeat, number, SpinWheelState> {
    override state = new SpinWheelState();
    protected readonly deps = deps;
    /** number → the player who picked or holds it. */
    private readonly picks = new Map<number, string>();
    /** Players whose lock is being paid: their numbers are reserved, their picks frozen. */
    private readonly locking = new Set<string>();

    protected override defineMessages() {
      this.onValid("pick", pickMessageSchema, (client, { number }) =>
        this.pick(client.auth!.id, number),
      );
      this.onValid("unpick", pickMessageSchema, (client, { number }) =>
        this.unpick(client.auth!.id, number),
      );
    }

    override onLeave(client: Client<{ auth: { id: string } }>) {
      const userId = client.auth?.id;
      const stillHere = this.clients.some((other) => other.auth?.id === userId);
      if (userId && !stillHere && !this.locking.has(userId)) this.release(userId);
    }

    /** Called by the join route (through matchMaker.remoteRoomCall): lock and pay the numbers. */
    async join(
      userId: string,
      numbers: number[],
      clientSeed: string,
    ): Promise<JoinOutcome<SpinWheelGame>> {
      if (!this.seating) return { ok: false, status: 409, message: GAME_OVER };
      if (this.locking.has(userId)) return { ok: false, status: 409, message: SELECTION_LOCKED };
      const why = whyNotLock(this.round, this.picks, userId, numbers, Date.now());
      if (why) return { ok: false, status: 409, message: why };
      this.release(userId);
      for (const n of numbers) this.picks.set(n, userId);
      this.locking.add(userId);
      this.showSeats();
      let refused: Awaited<ReturnType<typeof this.seat>>;
      try {
        refused = await this.seat({ player: userId, selectedNumbers: numbers, clientSeed });
      } finally {
        // On an unexpected failure the numbers stay reserved: the stake may yet land.
        this.locking.delete(userId);
      }
      if (refused) {
        this.release(userId);
        return refused;
      }
      this.announceLock();
      return { ok: true, game: spinWheelGameView(this.round) };
    }

    protected async resultOf(settled: Settled<SpinWheelSeat, number>) {
      const previous = await deps.rounds.registry.lastOutcomes<number>(
        "spin-wheel",
        this.round.roundId,
      );
      const game = spinWheelGameView(this.round);
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
    }

    protected showSeats() {
      const seats = this.round.players;
      // Locked numbers are always their holder's, also in a room rebuilt after a restart.
      for (const seat of seats)
        for (const n of seat.selectedNumbers) this.picks.set(n, seat.player);
      showPicks(this.state, this.picks, seats);
      showPlayers(this.state, seats);
      const result = this.round.outcome === null ? null : wheelResultFor(this.round.outcome);
      this.state.winnerValue = result?.winnerValue ?? 0;
      this.state.winnerIndex = result?.winnerIndex ?? -1;
      this.state.finalRotation = result?.finalRotation ?? 0;
    }

    private pick(userId: string, number: number): string | null {
      if (!this.seating) return GAME_OVER;
      if (this.locking.has(userId)) return SELECTION_LOCKED;
      const why = whyNotPick(this.round.players, this.picks, userId, number);
      if (why) return why;
      this.picks.set(number, userId);
      this.showSeats();
      return null;
    }

    private unpick(userId: string, number: number): string | null {
      if (this.picks.get(number) !== userId) return NOT_YOUR_NUMBER;
      if (this.locking.has(userId) || this.round.players.some((s) => s.player === userId))
        return SELECTION_LOCKED;
      this.picks.delete(number);
      this.showSeats();
      return null;
    }

    /** Frees a player's numbers that are picked but not locked. */
    private release(userId: string) {
      const locked = new Set(heldNumbers(this.round.players));
      for (const [n, holder] of this.picks)
        if (holder === userId && !locked.has(n)) this.picks.delete(n);
      this.showSeats();
    }

    private announceLock() {
      const locked = {
        code: this.round.code,
        heldNumbers: heldNumbers(this.round.players),
        players: playerCount(this.round.players),
      };
      this.broadcast("gameLockedSpin", locked);
      if (this.round.access === "public")
        deps
          .notifications()
          .lobbyChanged({ op: "announce", type: "gameLockedSpin", payload: locked });
    }
  };
}
