import "../admin-texts.ts";
import { chargeRequestSchema, SCREENSHOT_REQUIRED } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  Form,
  FormFailure,
  SelectField,
  SubmitButton,
  TextField,
} from "../../../components/form/fields.tsx";
import { multipart } from "../../../components/form/multipart.ts";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { queryKeys, refreshLists } from "../../../lib/queries.ts";
import { useSession } from "../../../lib/session.tsx";
import { useMoney } from "../../../lib/site-config.tsx";
import { PayToAccount } from "../../wallet/pay-to-account.tsx";
import { TransferProofFields } from "../../wallet/transfer-proof-fields.tsx";
import { useBanks } from "../../wallet/use-banks.ts";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";
import { DecisionButtons, StatusBadge } from "../components/decision.tsx";
import { ImageThumbnail } from "../components/image-thumbnail.tsx";
import { useStepUp, withAuthenticatorCode } from "../components/step-up.tsx";

const TRANSACTIONS = "/api/admin/transactions";

interface AgentTransaction {
  id: string;
  user: { fullName: string };
  agent: { fullName: string };
  amount: number;
  method: string;
  accountNumber: string | null;
  status: string;
  type: "deposit" | "withdraw" | "charge";
  screenShot: string | null;
  advance: number;
}

/**
 * Sub-admin transactions. The superAdmin sees the Agent column and decides pending charges here
 * (approving one credits the agent's float).
 */
export function TransactionsScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const notice = useNotice();
  const { user } = useSession();
  const superAdmin = user?.role === "superAdmin";
  const stepUp = useStepUp();
  const [pending, setPending] = useState<{
    row: AgentTransaction;
    action: "approve" | "disapprove";
  } | null>(null);

  async function decide(row: AgentTransaction, action: "approve" | "disapprove") {
    try {
      await stepUp.run((authenticatorCode) =>
        api<void>(`/api/admin/charge/${action}/${row.id}`, {
          method: "POST",
          body: {},
          headers: withAuthenticatorCode(authenticatorCode),
        }),
      );
      setPending(null);
      await changeRow<AgentTransaction>(TRANSACTIONS, "transactions", row.id, {
        status: action === "approve" ? "approved" : "disapproved",
      });
    } catch (error) {
      setPending(null);
      notice({
        type: "danger",
        title: t("admin.error"),
        message: error instanceof ApiError ? error.message : t("admin.withdrawFailed"),
      });
    }
  }

  const columns: Column<AgentTransaction>[] = [
    { header: t("admin.columns.player"), cell: (r) => r.user.fullName || "—" },
    { header: t("admin.columns.amount"), cell: (r) => money(r.amount) },
    ...(superAdmin
      ? [{ header: t("admin.columns.agent"), cell: (r: AgentTransaction) => r.agent.fullName }]
      : []),
    { header: t("admin.columns.bank"), cell: (r) => r.method },
    { header: t("admin.columns.account"), cell: (r) => r.accountNumber || "—" },
    {
      header: t("admin.columns.status"),
      cell: (r) => <StatusBadge status={r.status} />,
    },
    { header: t("admin.columns.type"), cell: (r) => t(`admin.types.${r.type}`) },
    { header: t("admin.columns.advance"), cell: (r) => (r.advance > 0 ? money(r.advance) : "—") },
    {
      header: t("admin.columns.screenshot"),
      cell: (r) => <ImageThumbnail src={r.screenShot} label={t("admin.columns.screenshot")} />,
    },
    ...(superAdmin
      ? [
          {
            header: t("admin.columns.actions"),
            cell: (r: AgentTransaction) =>
              r.type === "charge" && r.status === "pending" ? (
                <DecisionButtons
                  onApprove={() => setPending({ row: r, action: "approve" })}
                  onDisapprove={() => setPending({ row: r, action: "disapprove" })}
                />
              ) : (
                t("admin.noAction")
              ),
          },
        ]
      : []),
  ];
  return (
    <section>
      <h1>{t("admin.menu.transactions")}</h1>
      <DataTable
        path={TRANSACTIONS}
        listKey="transactions"
        columns={columns}
        empty={t("admin.empty.transactions")}
        searchable
      />
      {pending && (
        <ConfirmDialog
          question={t(
            pending.action === "approve" ? "admin.confirmApproveOf" : "admin.confirmDisapproveOf",
            { amount: money(pending.row.amount), name: pending.row.agent.fullName },
          )}
          confirm={t(pending.action === "approve" ? "admin.approve" : "admin.disapprove")}
          onConfirm={() => void decide(pending.row, pending.action)}
          onCancel={() => setPending(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}

type ChargeForm = z.input<typeof chargeFormSchema>;
const chargeFormSchema = chargeRequestSchema.extend({
  screenshot: z.custom<File | null>((value) => value instanceof Blob, SCREENSHOT_REQUIRED),
});
const EMPTY_CHARGE: ChargeForm = {
  method: "",
  amount: "",
  accountNumber: "",
  transactionId: "",
  screenshot: null,
};

/** An agent asks to top up its float: a deposit bank, the transfer's proof, at least 50 ETB. */
export function RequestChargeScreen() {
  const { t } = useTranslation();
  const notice = useNotice();
  const banks = useBanks("deposit");
  const form = useApiForm<ChargeForm>({
    schema: chargeFormSchema,
    defaultValues: EMPTY_CHARGE,
    failureText: (reason) => `${t("wallet.serverError")}: ${reason}`,
    async onSubmit(values) {
      await api("/api/admin/charge/request", { body: multipart(values) });
      form.reset({ ...EMPTY_CHARGE, method: values.method });
      await refreshLists(queryKeys.adminTable(TRANSACTIONS));
      notice({
        type: "success",
        title: t("admin.charge.sent"),
        message: t("admin.charge.sentText"),
      });
    },
  });
  const method = form.watch("method");
  useEffect(() => {
    if (!method && banks[0]) form.setValue("method", banks[0].bankName);
  }, [banks, method, form]);
  const bank = banks.find((candidate) => candidate.bankName === method);

  return (
    <section>
      <h1>{t("admin.menu.requestCharge")}</h1>
      <Form form={form} className="card narrow-form">
        <SelectField
          name="method"
          label={t("wallet.chooseBank")}
          options={banks.map((candidate) => ({
            value: candidate.bankName,
            label: candidate.bankName,
          }))}
        />
        {bank && <PayToAccount accountNumber={bank.accountNumber} />}
        <TextField name="amount" type="number" label={t("wallet.amountEtb")} />
        <TransferProofFields
          accountLabel={t("wallet.accountNumber")}
          transactionLabel={t("admin.charge.link")}
        />
        <FormFailure />
        <SubmitButton label={t("admin.charge.submit")} />
      </Form>
    </section>
  );
}
