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

/** Both balances of a wallet, folded from its stream, in major units. */
export async function walletBalances(ledger: Ledger, userId: string) {
  const wallet = await ledger.handler.load<{ main: number; bonus: number }>(walletStream(userId));
  return { mainBalance: minorToMajor(wallet.main), bonusBalance: minorToMajor(wallet.bonus) };
}
