import { type Ledger, walletStream } from "@igp/ledger";
import { minorToMajor } from "@igp/shared";
import type { UserRow } from "./users-repository.ts";

/** The session a client keeps: who, with which role, and both balances in major units. */
export async function sessionOf(
  user: Pick<UserRow, "id" | "full_name" | "user_name" | "role">,
  ledger: Ledger,
) {
  return {
    userId: user.id,
    fullName: user.full_name,
    userName: user.user_name,
    role: user.role,
    ...(await walletBalances(ledger, user.id)),
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
