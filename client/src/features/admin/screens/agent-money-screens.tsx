import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/i18n.ts";
import { useSession } from "../../../lib/session.tsx";
import { useMoney } from "../../../lib/site-config.tsx";
import { Field } from "../../auth/login-page.tsx";
import { PayToAccount } from "../../wallet/pay-to-account.tsx";
import { statusColour } from "../../wallet/transactions-list.tsx";
import { useBanks } from "../../wallet/use-banks.ts";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";
import { ImageThumbnail } from "../components/image-thumbnail.tsx";

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
  const [version, setVersion] = useState(0);
  const [pending, setPending] = useState<{
    row: AgentTransaction;
    action: "approve" | "disapprove";
  } | null>(null);

  async function decide(row: AgentTransaction, action: "approve" | "disapprove") {
    setPending(null);
    try {
      await api(`/api/admin/charge/${action}/${row.id}`, { method: "POST", body: {} });
      setVersion((v) => v + 1);
    } catch (error) {
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
    { header: t("admin.columns.account"), cell: (r) => r.accountNumber ?? "—" },
    {
      header: t("admin.columns.status"),
      cell: (r) => (
        <span className={`status status-${statusColour(r.status)}`}>
          {t(`status.${r.status}`, r.status)}
        </span>
      ),
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
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setPending({ row: r, action: "approve" })}
                  >
                    {t("admin.approve")}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-outline"
                    onClick={() => setPending({ row: r, action: "disapprove" })}
                  >
                    {t("admin.disapprove")}
                  </button>
                </span>
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
        path="/api/admin/transactions"
        listKey="transactions"
        columns={columns}
        empty={t("admin.empty.transactions")}
        version={version}
        searchable
      />
      {pending && (
        <ConfirmDialog
          question={t(
            pending.action === "approve" ? "admin.confirmApprove" : "admin.confirmDisapprove",
          )}
          confirm={t(pending.action === "approve" ? "admin.approve" : "admin.disapprove")}
          onConfirm={() => void decide(pending.row, pending.action)}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}

/** An agent asks to top up its float: a deposit bank, the transfer's proof, at least 50 ETB. */
export function RequestChargeScreen() {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const banks = useBanks("deposit");
  const [bankName, setBankName] = useState("");
  const [form, setForm] = useState({ amount: "", accountNumber: "", transactionId: "" });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  useEffect(() => {
    if (!bankName && banks[0]) setBankName(banks[0].bankName);
  }, [banks, bankName]);
  const bank = banks.find((candidate) => candidate.bankName === bankName);
  const edit = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      !form.amount ||
      !form.accountNumber.trim() ||
      !form.transactionId.trim() ||
      !screenshot ||
      !bankName
    ) {
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message("Please fill all fields."),
      });
    }
    if (Number(form.amount) < 50)
      return notice({ type: "warning", title: message("The minimum charge is 50 ETB.") });
    const body = new FormData();
    body.append("method", bankName);
    for (const [key, value] of Object.entries(form)) body.append(key, value);
    body.append("screenshot", screenshot);
    try {
      await api("/api/admin/charge/request", { body });
      setForm({ amount: "", accountNumber: "", transactionId: "" });
      setScreenshot(null);
      notice({
        type: "success",
        title: t("admin.charge.sent"),
        message: t("admin.charge.sentText"),
      });
    } catch (error) {
      notice({
        type: "danger",
        title: t("wallet.serverError"),
        message: error instanceof ApiError ? message(error.message) : t("common.genericError"),
      });
    }
  }

  return (
    <section>
      <h1>{t("admin.menu.requestCharge")}</h1>
      <form className="card narrow-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="charge-bank">{t("wallet.chooseBank")}</label>
          <select
            id="charge-bank"
            value={bankName}
            onChange={(event) => setBankName(event.target.value)}
          >
            {banks.map((candidate) => (
              <option key={candidate.id} value={candidate.bankName}>
                {candidate.bankName}
              </option>
            ))}
          </select>
        </div>
        {bank && <PayToAccount accountNumber={bank.accountNumber} />}
        <Field
          id="charge-amount"
          type="number"
          label={t("wallet.amountEtb")}
          value={form.amount}
          onChange={edit("amount")}
        />
        <Field
          id="charge-account"
          label={t("wallet.accountNumber")}
          value={form.accountNumber}
          onChange={edit("accountNumber")}
        />
        <Field
          id="charge-link"
          label={t("admin.charge.link")}
          value={form.transactionId}
          onChange={edit("transactionId")}
        />
        <div className="field">
          <label htmlFor="charge-screenshot">{t("wallet.screenshot")}</label>
          <input
            id="charge-screenshot"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => setScreenshot(event.target.files?.[0] ?? null)}
          />
          <p className="hint">{t("wallet.screenshotHint")}</p>
        </div>
        <button type="submit" className="button">
          {t("admin.charge.submit")}
        </button>
      </form>
    </section>
  );
}
