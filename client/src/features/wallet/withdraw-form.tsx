import "../../lib/money-texts/index.ts";
import { withdrawRequestSchema, withdrawViaAgent } from "@igp/shared";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  CheckboxField,
  Form,
  FormFailure,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { sendOnce } from "../../lib/send-once.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { recordOwnRequest } from "./transactions.ts";
import { useBanks } from "./use-banks.ts";
import { withdrawPreview } from "./withdraw-preview.ts";
import "./wallet.css";

type WithdrawForm = z.input<typeof withdrawRequestSchema>;
const EMPTY: WithdrawForm = {
  amount: "",
  method: "",
  accountNumber: "",
  withdrawFromBonusBalance: false,
};

/**
 * Withdrawal: amount, method ('agent' or an active withdraw bank), the account for a bank, and
 * the live preview of what the player receives.
 */
export function WithdrawForm() {
  const { t } = useTranslation();
  const notice = useNotice();
  const { user, refresh } = useSession();
  const banks = useBanks("withdraw");
  const money = useMoney();
  const form = useApiForm<WithdrawForm>({
    schema: withdrawRequestSchema,
    defaultValues: EMPTY,
    failureText: (reason) => `${t("wallet.withdrawFailed")}: ${reason}`,
    async onSubmit(values) {
      const { transaction } = await sendOnce<{
        transaction: { id: string; gameCode: string | null; amount: number; payout: number };
      }>("/api/wallet/withdraw/request", values);
      await recordOwnRequest("withdraw", {
        ...transaction,
        method: values.method,
        accountNumber: values.accountNumber ?? "",
      });
      form.reset(EMPTY);
      // Cash at an agent's shop: the code to give the agent. A bank: where the money goes, and when.
      notice({
        type: "success",
        title: t("wallet.withdrawSent"),
        ...(transaction.gameCode
          ? {
              message: t("wallet.tellCode", { code: transaction.gameCode }),
              code: transaction.gameCode,
            }
          : {
              message: t("money.withdrawals.bankRequested", {
                payout: money(transaction.payout),
                method: values.method,
                account: values.accountNumber,
              }),
            }),
      });
      void refresh();
    },
  });
  const [amount, method, fromBonus] = form.watch(["amount", "method", "withdrawFromBonusBalance"]);
  const preview = user
    ? withdrawPreview(user, String(amount ?? ""), Boolean(fromBonus))
    : ({ kind: "empty" } as const);

  return (
    <Form form={form} className="card withdraw-form">
      <TextField name="amount" type="number" label={t("wallet.amount")} />
      <SelectField
        name="method"
        label={t("wallet.method")}
        placeholder={t("wallet.chooseMethod")}
        options={[
          { value: "agent", label: t("wallet.fromAgent") },
          ...banks.map((bank) => ({ value: bank.bankName, label: bank.bankName })),
        ]}
      />
      {/* Cash at an agent's shop is paid against the withdraw code: no account to ask for. */}
      {!withdrawViaAgent(method) && (
        <TextField name="accountNumber" label={t("wallet.accountNumber")} />
      )}
      <CheckboxField name="withdrawFromBonusBalance" label={t("wallet.useBonus")} />
      <p className="withdraw-preview" aria-live="polite">
        {preview.kind === "insufficient" && (
          <span className="text-danger">{t("wallet.insufficient")}</span>
        )}
        {preview.kind === "needsBonus" && (
          <span className="text-danger">{t("wallet.needsBonus")}</span>
        )}
        {preview.kind === "ok" &&
          t(preview.usesBonus ? "wallet.previewWithFee" : "wallet.preview", {
            payout: money(preview.payout),
            fee: money(preview.fee),
          })}
      </p>
      <FormFailure />
      <SubmitButton label={t("wallet.withdraw")} />
    </Form>
  );
}
