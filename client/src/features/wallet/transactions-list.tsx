import { withdrawViaAgent } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { type RecordColumn, RecordList } from "../../components/records/record-list.tsx";
import { CopyButton } from "../../components/ui/copy-button.tsx";
import { methodLabel } from "../../lib/labels.ts";
import { queryKeys, useApiQuery } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { statusColour, type Transaction, type Transactions } from "./transactions.ts";
import { WithdrawalDestination } from "./withdrawal-destination.tsx";

/** The agent deposit code or the withdraw code the player gives the agent, if any. */
const code = (transaction: Transaction) => transaction.depositCode ?? transaction.gameCode;

/**
 * The player's recent deposits or withdrawals, newest first: a table, or on a phone cards with the
 * method and the status badge first, then the amount, the date, the code to give an agent and,
 * for a bank withdrawal, where the money goes.
 */
export function TransactionsList({ kind }: { kind: "deposit" | "withdraw" }) {
  const { t } = useTranslation();
  const columns = useColumns(kind);
  const { data, isError } = useApiQuery<Transactions>(
    queryKeys.transactions(kind),
    `/api/transactions/${kind}`,
  );
  const transactions = isError ? [] : data?.transactions;
  if (!transactions) return <p>{t("common.loading")}</p>;
  if (transactions.length === 0)
    return <p>{t(kind === "deposit" ? "wallet.noDeposits" : "wallet.noWithdrawals")}</p>;
  return (
    <RecordList
      className="transactions"
      rows={transactions}
      columns={columns}
      rowKey={(transaction) => transaction.id}
      rowClass="transaction"
    />
  );
}

/** When, the method, the amount, the agent's code, a bank withdrawal's destination, the status. */
function useColumns(kind: "deposit" | "withdraw"): RecordColumn<Transaction>[] {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const destination: RecordColumn<Transaction> = {
    label: t("records.destination"),
    // An agent withdrawal has its code instead: its card shows no empty field.
    cell: (transaction) =>
      !withdrawViaAgent(transaction.method) && <WithdrawalDestination withdrawal={transaction} />,
  };
  return [
    {
      label: t("profile.history.date"),
      cell: (transaction) => (
        <time dateTime={transaction.createdAt}>
          {new Date(transaction.createdAt).toLocaleString(i18n.language)}
        </time>
      ),
    },
    {
      label: t("wallet.method"),
      place: "title",
      cell: (transaction) => methodLabel(t, transaction.method),
    },
    { label: t("wallet.amount"), cell: (transaction) => money(transaction.amount) },
    {
      label: t(kind === "deposit" ? "records.depositCode" : "records.withdrawCode"),
      cell: (transaction) =>
        code(transaction) && (
          <>
            <code>{code(transaction)}</code> <CopyButton text={code(transaction)!} />
          </>
        ),
    },
    ...(kind === "withdraw" ? [destination] : []),
    {
      label: t("records.status"),
      place: "badge",
      cell: (transaction) => (
        <span className={`status status-${statusColour(transaction.status)}`}>
          {t(`status.${transaction.status}`, transaction.status)}
        </span>
      ),
    },
  ];
}
