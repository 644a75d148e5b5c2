import { type Ledger, walletStream } from "@igp/ledger";
import { minorToMajor } from "@igp/shared";
import type { UserRow } from "./users-repository.ts";

/**
 * The session a client keeps: who, with which role, both balances in major units, and whether
 * the player must confirm the minimum age and the terms before anything else (an account made
 * by Google or Telegram whose wallet holds no AgeConfirmed yet).
 */
export async function sessionOf(
  user: Pick<UserRow, "id" | "full_name" | "user_name" | "role" | "asks_age_first">,
  ledger: Ledger,
) {
  const wallet = await ledger.handler.load<WalletBalances & { play?: { ageConfirmed: boolean } }>(
    walletStream(user.id),
  );
  return {
    userId: user.id,
    fullName: user.full_name,
    userName: user.user_name,
    role: user.role,
    ...balancesOf(wallet),
    ageConfirmationDue: user.asks_age_first === true && wallet.play?.ageConfirmed !== true,
  };
}

/**
 * Both balances of a wallet, folded from its stream, in major units; with `seenRevision` (a
 * wallet event just seen), the cached state serves when it is at least that recent.
 */
export async function walletBalances(ledger: Ledger, userId: string, seenRevision?: number) {
  const stream = walletStream(userId);
  return balancesOf(
    seenRevision === undefined
      ? await ledger.handler.load<WalletBalances>(stream)
      : await ledger.handler.loadAtLeast<WalletBalances>(stream, seenRevision),
  );
}

interface WalletBalances {
  main: number;
  bonus: number;
}

/** A wallet's state as the player sees it, in major units. */
export function balancesOf(wallet: WalletBalances) {
  return { mainBalance: minorToMajor(wallet.main), bonusBalance: minorToMajor(wallet.bonus) };
}
