/*
 * Plain values the client needs before it needs any schema (no zod here: a screen that imports
 * only these does not download the validation library).
 */

/** Coin sides: heads and tails. */
export const COIN_SIDES = ["H", "T"] as const;
export type CoinSide = (typeof COIN_SIDES)[number];
export const oppositeSide = (side: CoinSide): CoinSide => (side === "H" ? "T" : "H");

/** The fixed method names of the agent's cash deposits and withdrawals. */
export const AGENT_DEPOSIT_METHOD = "Agent Deposit";
export const AGENT_WITHDRAW_METHOD = "agent";
