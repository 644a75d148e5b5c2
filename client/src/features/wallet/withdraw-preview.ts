import { majorToMinor, minorToMajor, splitWithdrawal } from "@igp/shared";

/**
 * The withdraw form's live preview, with the server's own rule (shared/wallet-rules.ts): what the
 * player receives, or "insufficient" when main plus bonus cannot cover it.
 */
export function withdrawPreview(
  balances: { mainBalance: number; bonusBalance: number },
  amountText: string,
):
  | { kind: "empty" }
  | { kind: "insufficient" }
  | { kind: "ok"; payout: number; fee: number; usesBonus: boolean } {
  const amount = majorToMinor(Number(amountText));
  if (!amountText.trim() || amount === null || amount <= 0) return { kind: "empty" };
  const main = majorToMinor(balances.mainBalance) ?? 0;
  const bonus = majorToMinor(balances.bonusBalance) ?? 0;
  const split = splitWithdrawal({ main, bonus }, amount, true);
  if (!split) return { kind: "insufficient" };
  return {
    kind: "ok",
    payout: minorToMajor(split.payout),
    fee: minorToMajor(split.fee),
    usesBonus: split.fromBonus > 0,
  };
}
