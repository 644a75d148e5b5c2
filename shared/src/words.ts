/*
 * Plain values the client needs before it needs any schema (no zod here: a screen that imports
 * only these does not download the validation library).
 */

/** Coin sides: heads and tails. */
export const COIN_SIDES = ["H", "T"] as const;
export type CoinSide = (typeof COIN_SIDES)[number];
export const oppositeSide = (side: CoinSide): CoinSide => (side === "H" ? "T" : "H");

/** Round codes: upper case, from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 8;
/** A whole round code (api/games.ts's roundCodeSchema checks the same after trimming). */
export const ROUND_CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
/** Whether a text, as written, can be a round code (a page's address, before asking the API). */
export const isRoundCode = (code: string): boolean => ROUND_CODE.test(code);

/** The fixed method names of the agent's cash deposits and withdrawals. */
export const AGENT_DEPOSIT_METHOD = "Agent Deposit";
export const AGENT_WITHDRAW_METHOD = "agent";
