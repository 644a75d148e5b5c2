import type { CoinSide } from "@igp/shared";
import { minorToMajor } from "@igp/shared";
import { type JoinOutcome, RoundRoom, type RoundRoomDeps } from "../round-kernel/round.room.ts";
import { GAME_OVER } from "../round-kernel/round-game.ts";
import type { Settled } from "../round-kernel/round-lifecycle.ts";
import { type CoinFlipSeat, GAME_FULL, joinerSide, whyNotJoin } from "./coin-flip.rules.ts";
import { CoinFlipState, showPlayers } from "./coin-flip.state.ts";
import { coinFlipGameView } from "./coin-flip.view.ts";

export type CoinFlipRoomDeps = RoundRoomDeps<CoinFlipSeat, CoinSide>;

/**
 * One coin flip round on the round kernel: watchers get the state and the `coin` message;
 * joining is the `/api/game/coin-flip/join` route, which calls `join` here (the room writes
 * its round).
 */
export function coinFlipRoom(deps: CoinFlipRoomDeps) {
  return class CoinFlipRoom extends RoundRoom<CoinFlipSeat, CoinSide, CoinFlipState> {
    override state = new CoinFlipState();
    protected readonly deps = deps;

    /** Called by the join route (through matchMaker.remoteRoomCall): the other side, staked. */
    async join(
      userId: string,
      clientSeed: string,
    ): Promise<JoinOutcome<ReturnType<typeof coinFlipGameView>>> {
      if (!this.actor?.getSnapshot().matches("waiting"))
        return { ok: false, status: 409, message: this.whyClosed() };
      const why = whyNotJoin(this.round, userId, Date.now());
      if (why) return { ok: false, status: 409, message: why };
      const seat = { player: userId, selectedSide: joinerSide(this.round.players), clientSeed };
      const refused = await this.seat(seat);
      return refused ?? { ok: true, game: coinFlipGameView(this.round) };
    }

    protected async resultOf(settled: Settled<CoinFlipSeat, CoinSide>) {
      const previous = await deps.rounds.registry.lastOutcomes<CoinSide>(
        "coin-flip",
        this.round.roundId,
      );
      const payout = settled.payouts[0]!;
      const message = {
        coin: settled.outcome,
        game: coinFlipGameView(this.round),
        previousWinningCoins: previous,
        payout: minorToMajor(payout.amount),
        winner: payout.userId,
      };
      return { type: "coin", message };
    }

    protected showSeats() {
      this.state.outcome = this.round.outcome ?? "";
      showPlayers(this.state, this.round.players);
    }

    private whyClosed(): string {
      const phase = this.state.phase;
      return phase === "joining" || phase === "starting" ? GAME_FULL : GAME_OVER;
    }
  };
}
