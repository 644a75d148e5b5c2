import { WITHDRAWAL_BONUS_FEE_PERCENT } from "./constants.ts";
import { percentOf } from "./money.ts";

/** Balances in minor units. */
export interface Balances {
  main: number;
  bonus: number;
}

export interface WithdrawalSplit {
  fromMain: number;
  fromBonus: number;
  /** 20% of the part taken from bonus, rounded half up to the minor unit; kept by the house. */
  fee: number;
  /** What the player receives: the amount less the fee. */
  payout: number;
}

/**
 * How a withdrawal of `amount` is taken: from the main (withdrawable) balance first; the rest
 * from the bonus (playable) balance only when the player allows it, with the bonus fee on that
 * part. Returns null when the balances cannot cover it. The client's preview uses the same rule.
 */
export function splitWithdrawal(
  balances: Balances,
  amount: number,
  allowBonus: boolean,
): WithdrawalSplit | null {
  const fromMain = Math.min(balances.main, amount);
  const fromBonus = amount - fromMain;
  if (fromBonus > 0 && (!allowBonus || fromBonus > balances.bonus)) return null;
  const fee = percentOf(fromBonus, WITHDRAWAL_BONUS_FEE_PERCENT);
  return { fromMain, fromBonus, fee, payout: amount - fee };
}

/**
 * How a stake of `amount` is paid: bonus (playable) balance first, then main, so that
 * withdrawable money is used last. Returns null when the balances cannot cover it.
 */
export function splitStake(balances: Balances, amount: number) {
  if (balances.main + balances.bonus < amount) return null;
  const fromBonus = Math.min(balances.bonus, amount);
  return { fromBonus, fromMain: amount - fromBonus };
}
