import "../../lib/money-texts/index.ts";
import { withdrawViaAgent } from "@igp/shared";
import { useTranslation } from "react-i18next";
import "./wallet.css";

/** What a bank withdrawal row says besides its amount: the fields of the withdrawals list. */
export interface BankWithdrawalFields {
  method: string;
  status: string;
  accountNumber?: string | null;
  paymentReference?: string | null;
  decidedAt?: string | null;
}

/**
 * A bank withdrawal in the player's list: where the money goes (the method's account) and when:
 * pending until staff send the transfer, then the transfer's payment reference and the day it
 * was paid. Withdrawals through an agent show their code instead (the list does that).
 */
export function WithdrawalDestination({ withdrawal }: { withdrawal: BankWithdrawalFields }) {
  const { t, i18n } = useTranslation();
  if (withdrawViaAgent(withdrawal.method)) return null;
  const to = t("money.withdrawals.to", {
    method: withdrawal.method,
    account: withdrawal.accountNumber ?? "",
  });
  return (
    <span className="withdrawal-destination">
      <span>{to}</span>
      {withdrawal.status === "pending" && <span>{t("money.withdrawals.pendingTransfer")}</span>}
      {withdrawal.status === "approved" && withdrawal.paymentReference && (
        <span>
          {t("money.withdrawals.paymentReference")} <code>{withdrawal.paymentReference}</code>
          {withdrawal.decidedAt &&
            ` · ${t("money.withdrawals.paidOn", {
              date: new Date(withdrawal.decidedAt).toLocaleString(i18n.language),
            })}`}
        </span>
      )}
    </span>
  );
}
