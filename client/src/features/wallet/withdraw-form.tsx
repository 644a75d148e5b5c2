import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { Field } from "../auth/login-page.tsx";
import { useBanks } from "./use-banks.ts";
import { withdrawPreview } from "./withdraw-preview.ts";

/** Withdrawal: amount, method ('agent' or an active withdraw bank), account, and the live preview. */
export function WithdrawForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const message = useMessage();
  const notice = useNotice();
  const { user, refresh } = useSession();
  const banks = useBanks("withdraw");
  const [form, setForm] = useState({ amount: "", method: "", accountNumber: "" });
  const [fromBonus, setFromBonus] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = user
    ? withdrawPreview(user, form.amount, fromBonus)
    : ({ kind: "empty" } as const);
  const edit = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.amount || !form.method || !form.accountNumber.trim()) {
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message("Please fill all fields."),
      });
    }
    setBusy(true);
    try {
      const result = await api<{ transaction: { gameCode: string } }>(
        "/api/wallet/withdraw/request",
        {
          body: {
            amount: Number(form.amount),
            method: form.method,
            accountNumber: form.accountNumber,
            withdrawFromBonusBalance: fromBonus,
          },
        },
      );
      notice({
        type: "success",
        title: t("wallet.withdrawSent"),
        message: t("wallet.tellCode", { code: result.transaction.gameCode }),
        code: result.transaction.gameCode,
      });
      setForm({ amount: "", method: "", accountNumber: "" });
      void refresh();
      onDone();
    } catch (error) {
      notice({
        type: "danger",
        title: t("wallet.withdrawFailed"),
        message:
          error instanceof ApiError ? message(error.message) : t("wallet.withdrawFailedText"),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card withdraw-form" onSubmit={submit} noValidate>
      <Field
        id="withdraw-amount"
        type="number"
        label={t("wallet.amount")}
        value={form.amount}
        onChange={edit("amount")}
      />
      <div className="field">
        <label htmlFor="withdraw-method">{t("wallet.method")}</label>
        <select
          id="withdraw-method"
          value={form.method}
          onChange={(event) => edit("method")(event.target.value)}
        >
          <option value="">{t("wallet.chooseMethod")}</option>
          <option value="agent">{t("wallet.fromAgent")}</option>
          {banks.map((bank) => (
            <option key={bank.id} value={bank.bankName}>
              {bank.bankName}
            </option>
          ))}
        </select>
      </div>
      <Field
        id="withdraw-account"
        label={t("wallet.accountNumber")}
        value={form.accountNumber}
        onChange={edit("accountNumber")}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={fromBonus}
          onChange={(event) => setFromBonus(event.target.checked)}
        />{" "}
        {t("wallet.useBonus")}
      </label>
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
      <button className="button" type="submit" disabled={busy}>
        {t("wallet.withdraw")}
      </button>
    </form>
  );
}
