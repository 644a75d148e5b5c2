import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "../../components/ui/tabs.tsx";
import { TransactionsList } from "../wallet/transactions-list.tsx";
import { WithdrawForm } from "../wallet/withdraw-form.tsx";
import { StatementDownload } from "./statement-download.tsx";

/** The profile's Transactions tab: deposit or withdraw, their lists, the statement (loaded when opened). */
export function TransactionsTab({ openDeposit }: { openDeposit(): void }) {
  const { t } = useTranslation();
  const [sub, setSub] = useState<"deposit" | "withdraw">("deposit");
  return (
    <section>
      <Tabs
        keys={["deposit", "withdraw"] as const}
        selected={sub}
        label={(key) => t(key === "deposit" ? "wallet.deposit" : "wallet.withdraw")}
        onSelect={setSub}
      />
      {sub === "deposit" ? (
        <button type="button" className="button" onClick={openDeposit}>
          {t("wallet.proceedToDeposit")}
        </button>
      ) : (
        <WithdrawForm />
      )}
      <TransactionsList kind={sub} />
      <StatementDownload />
    </section>
  );
}
