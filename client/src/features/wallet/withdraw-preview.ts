import { majorToMinor, minorToMajor, splitWithdrawal } from "@igp/shared";

export type WithdrawPreview =
  | { kind: "empty" }
  | { kind: "insufficient" }
  /** Main alone is short, and the player has not allowed taking the rest from bonus. */
  | { kind: "needsBonus" }
  | { kind: "ok"; payout: number; fee: number; usesBonus: boolean };

/**
 * The withdraw form's live preview, with the server's own rule (shared/wallet-rules.ts) and the
 * player's choice about the bonus balance: what the player receives, or why it cannot be done.
 */
export function withdrawPreview(
  balances: { mainBalance: number; bonusBalance: number },
  amountText: string,
  allowBonus: boolean,
): WithdrawPreview {
  const amount = majorToMinor(Number(amountText));
  if (!amountText.trim() || amount === null || amount <= 0) return { kind: "empty" };
  const main = majorToMinor(balances.mainBalance) ?? 0;
  const bonus = majorToMinor(balances.bonusBalance) ?? 0;
  const split = splitWithdrawal({ main, bonus }, amount, allowBonus);
  if (!split) return { kind: main + bonus >= amount ? "needsBonus" : "insufficient" };
  return {
    kind: "ok",
    payout: minorToMajor(split.payout),
    fee: minorToMajor(split.fee),
    usesBonus: split.fromBonus > 0,
  };
}
