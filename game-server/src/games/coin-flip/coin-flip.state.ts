import { ArraySchema, schema, t } from "@colyseus/schema";
import { roundStateFields } from "../round-kernel/round-state.ts";

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

export function playersSchema(players: { player: string; selectedSide: string }[]) {
  return new ArraySchema(
    ...players.map((p) => new CoinFlipPlayer({ player: p.player, side: p.selectedSide })),
  );
}
