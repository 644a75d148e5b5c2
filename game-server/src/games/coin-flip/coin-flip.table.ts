import { type CoinFlipGame, type CoinSide, minorToMajor } from "@igp/shared";
import { GAME_OVER } from "../round-kernel/round-game.ts";
import type { GameTable, RoundTable } from "../round-kernel/round-table.ts";
import { type CoinFlipSeat, GAME_FULL, joinerSide, whyNotJoin } from "./coin-flip.rules.ts";
import { type CoinFlipState, showPlayers } from "./coin-flip.state.ts";
import { coinFlipGameView } from "./coin-flip.view.ts";

/** What the join route asks of a coin flip table: the joiner plays the side left. */
export interface CoinFlipJoin {
  clientSeed: string;
}

/**
 * One coin flip round at its table: watchers get the state and the `coin` message; joining is
 * the `/api/game/coin-flip/join` route, which the room hands to `join` here.
 */
export function coinFlipTable(
  table: RoundTable<CoinFlipSeat, CoinSide, CoinFlipState>,
): GameTable<CoinFlipSeat, CoinSide, CoinFlipJoin, CoinFlipGame> {
  const whyClosed = () =>
    table.phase === "joining" || table.phase === "starting" ? GAME_FULL : GAME_OVER;
  return {
    /** The other side, staked. */
    async join(userId, { clientSeed }) {
      if (table.phase !== "waiting") return { ok: false, status: 409, message: whyClosed() };
      const why = whyNotJoin(table.round, userId, Date.now());
      if (why) return { ok: false, status: 409, message: why };
      const seat = { player: userId, selectedSide: joinerSide(table.round.players), clientSeed };
      const refused = await table.seat(seat);
      return refused ?? { ok: true, game: coinFlipGameView(table.round) };
    },

    resultOf(settled, previous) {
      const payout = settled.payouts[0]!;
      const message = {
        coin: settled.outcome,
        game: coinFlipGameView(table.round),
        previousWinningCoins: previous,
        payout: minorToMajor(payout.amount),
        winner: payout.userId,
      };
      return { type: "coin", message };
    },

    showSeats() {
      table.state.outcome = table.round.outcome ?? "";
      showPlayers(table.state, table.round.players);
    },
  };
}
