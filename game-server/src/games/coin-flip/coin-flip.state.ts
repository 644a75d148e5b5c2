import { ArraySchema, schema, t } from "@colyseus/schema";

/** One player of the round and the side it plays. */
export const CoinFlipPlayer = schema(
  {
    player: t.string(),
    side: t.string(),
  },
  "CoinFlipPlayer",
);
export type CoinFlipPlayer = InstanceType<typeof CoinFlipPlayer>;

/**
 * What everyone in a coin flip room sees (docs/realtime.md). Times are epoch milliseconds;
 * amounts are major units; empty strings stand for "not yet".
 */
export const CoinFlipState = schema(
  {
    code: t.string(),
    access: t.string(),
    /** waiting | player-joined | finished | expired */
    status: t.string(),
    /** The machine's state: waiting | joining | starting | flipping | finished | expired. */
    phase: t.string(),
    betAmount: t.number(),
    createdBy: t.string(),
    createdAt: t.number(),
    deadline: t.number(),
    /** When the flip happens once both players are in; 0 before. */
    startsAt: t.number(),
    commitment: t.string(),
    players: t.array(CoinFlipPlayer),
    outcome: t.string(),
    winner: t.string(),
    payout: t.number(),
    /** Revealed after settlement. */
    serverSeed: t.string(),
  },
  "CoinFlipState",
);
export type CoinFlipState = InstanceType<typeof CoinFlipState>;

export function playersSchema(players: { player: string; selectedSide: string }[]) {
  return new ArraySchema(
    ...players.map((p) => new CoinFlipPlayer({ player: p.player, side: p.selectedSide })),
  );
}
