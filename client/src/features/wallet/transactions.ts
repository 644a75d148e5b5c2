import { queryClient, queryKeys, refreshLists } from "../../lib/queries.ts";
import type { BankWithdrawalFields } from "./withdrawal-destination.tsx";

/*
 * The player's deposits and withdrawals as their lists hold them, apart from the lists' screen
 * (transactions-list.tsx): the deposit dialog and the withdraw form add to them without it.
 */

export interface Transaction extends BankWithdrawalFields {
  id: string;
  amount: number;
  status: string;
  createdAt: string;
  depositCode?: string | null;
  gameCode?: string | null;
  method: string;
}
export type Transactions = { transactions: Transaction[] };

/** 'completed' green, 'failed' red, anything else yellow (player spec section 4). */
export function statusColour(status: string): "green" | "red" | "yellow" {
  const lower = status.toLowerCase();
  if (lower === "completed" || lower === "approved") return "green";
  if (lower === "failed" || lower === "disapproved") return "red";
  return "yellow";
}

/**
 * A request the player has just made: at the top of its list at once (from the answer), then
 * the list is read again (the server answers a request once its lists hold it).
 */
export async function recordOwnRequest(
  kind: "deposit" | "withdraw",
  request: Pick<
    Transaction,
    "id" | "amount" | "method" | "depositCode" | "gameCode" | "accountNumber"
  >,
) {
  const row: Transaction = { status: "pending", createdAt: new Date().toISOString(), ...request };
  queryClient.setQueryData<Transactions>(queryKeys.transactions(kind), (current) => ({
    transactions: [row, ...(current?.transactions ?? []).filter((t) => t.id !== row.id)],
  }));
  await refreshLists(queryKeys.transactions(kind));
}
