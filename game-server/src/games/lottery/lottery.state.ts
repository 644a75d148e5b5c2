import { schema, t } from "@colyseus/schema";

/** A winning ticket as revealed: its place, number, the prize's label and amount (0: an award). */
export const RevealedWinner = schema(
  { place: t.number(), ticket: t.number(), label: t.string(), amount: t.float64() },
  "RevealedWinner",
);
export type RevealedWinner = InstanceType<typeof RevealedWinner>;

/**
 * What everyone in a lottery room sees (docs/realtime.md, the `lottery` room). Amounts are major
 * units (float64: `t.number()` would send 7.2 as 7.199999809…), times epoch milliseconds; zeros
 * and empty strings stand for "not yet".
 */
export const LotteryState = schema(
  {
    code: t.string(),
    title: t.string(),
    ticketPrice: t.float64(),
    winAmount: t.float64(),
    outDate: t.number(),
    /** onSale | closing | countdown | drawing | drawn, or refunding | deleted */
    phase: t.string(),
    ticketsSold: t.number(),
    drawAt: t.number(),
    places: t.number(),
    revealEveryMs: t.number(),
    /** In reveal order: the last place first, the first place last. */
    revealed: t.array(RevealedWinner),
    commitment: t.string(),
    /** Revealed once drawn. */
    serverSeed: t.string(),
  },
  "LotteryState",
);
export type LotteryState = InstanceType<typeof LotteryState>;
