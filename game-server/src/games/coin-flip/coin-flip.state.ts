import { schema, t } from "@colyseus/schema";
import { roundStateFields, syncArray } from "../round-kernel/round-state.ts";

/** One player of the round and the side it plays. */
export const CoinFlipPlayer = schema(
  {
    player: t.string(),
    side: t.string(),
  },
  "CoinFlipPlayer",
);
export type CoinFlipPlayer = InstanceType<typeof CoinFlipPlayer>;

/** What everyone in a coin flip room sees (docs/realtime.md): the round's fields, sides, outcome. */
export const CoinFlipState = schema(
  {
    ...roundStateFields(),
    players: t.array(CoinFlipPlayer),
    /** H or T once finished. */
    outcome: t.string(),
  },
  "CoinFlipState",
);
export type CoinFlipState = InstanceType<typeof CoinFlipState>;

/** The state's players as the round's seats (in seat order). */
export function showPlayers(
  state: CoinFlipState,
  seats: readonly { player: string; selectedSide: string }[],
) {
  syncArray(
    state.players,
    seats,
    (entry, seat) => entry.player === seat.player && entry.side === seat.selectedSide,
    (seat) => new CoinFlipPlayer({ player: seat.player, side: seat.selectedSide }),
  );
}
