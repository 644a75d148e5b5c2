import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/ui/copy-button.tsx";
import { methodLabel } from "../../lib/labels.ts";
import { queryClient, queryKeys, refreshLists, useApiQuery } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { type BankWithdrawalFields, WithdrawalDestination } from "./withdrawal-destination.tsx";

interface Transaction extends BankWithdrawalFields {
  id: string;
  amount: number;
  status: string;
  createdAt: string;
  depositCode?: string | null;
  gameCode?: string | null;
  method: string;
}
type Transactions = { transactions: Transaction[] };

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

/** The agent deposit code or the withdraw code the player gives the agent, if any. */
const code = (transaction: Transaction) => transaction.depositCode ?? transaction.gameCode;

/** The player's recent deposits or withdrawals, newest first. */
export function TransactionsList({ kind }: { kind: "deposit" | "withdraw" }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { data, isError } = useApiQuery<Transactions>(
    queryKeys.transactions(kind),
    `/api/transactions/${kind}`,
  );
  const transactions = isError ? [] : data?.transactions;
  if (!transactions) return <p>{t("common.loading")}</p>;
  if (transactions.length === 0)
    return <p>{t(kind === "deposit" ? "wallet.noDeposits" : "wallet.noWithdrawals")}</p>;
  return (
    <ul className="transactions">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="card transaction">
          <strong>{money(transaction.amount)}</strong>
          <span>{methodLabel(t, transaction.method)}</span>
          {code(transaction) && (
            <span>
              <code>{code(transaction)}</code> <CopyButton text={code(transaction)!} />
            </span>
          )}
          {kind === "withdraw" && <WithdrawalDestination withdrawal={transaction} />}
          <time dateTime={transaction.createdAt}>
            {new Date(transaction.createdAt).toLocaleString(i18n.language)}
          </time>
          <span className={`status status-${statusColour(transaction.status)}`}>
            {t(`status.${transaction.status}`, transaction.status)}
          </span>
        </li>
      ))}
    </ul>
  );
}
