import { AGENT_DEPOSIT_METHOD, depositRequestSchema } from "@igp/shared";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { fieldErrors, useFormFields } from "../../lib/form-errors.ts";
import { useMessage } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.tsx";
import { Field } from "../auth/login-page.tsx";
import { PayToAccount } from "./pay-to-account.tsx";
import { useBanks } from "./use-banks.ts";

/** Deposit: by bank transfer with proof, or through an agent with a deposit code. */
export function DepositDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const { refresh } = useSession();
  const banks = useBanks("deposit");
  const [tab, setTab] = useState<"bank" | "agent">("bank");
  const [bankName, setBankName] = useState("");
  const { form, errors, setErrors, edit } = useFormFields({
    amount: "",
    accountNumber: "",
    transactionId: "",
  });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!bankName && banks[0]) setBankName(banks[0].bankName);
  }, [banks, bankName]);
  useEffect(() => {
    if (!screenshot) return setPreview(null);
    const url = URL.createObjectURL(screenshot);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [screenshot]);

  const bank = banks.find((candidate) => candidate.bankName === bankName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const method = tab === "agent" ? AGENT_DEPOSIT_METHOD : bankName;
    const fields = tab === "agent" ? { method, amount: form.amount } : { method, ...form };
    const parsed = depositRequestSchema.safeParse(fields);
    const problems = parsed.success ? {} : fieldErrors(parsed.error);
    if (tab === "bank") {
      if (!form.accountNumber.trim()) problems.accountNumber ??= t("wallet.required");
      if (!form.transactionId.trim()) problems.transactionId ??= t("wallet.required");
      if (!screenshot) problems.screenshot = t("wallet.screenshotRequired");
    }
    if (Object.keys(problems).length > 0) return setErrors(problems);
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (tab === "bank" && screenshot) body.append("screenshot", screenshot);
    setBusy(true);
    try {
      const result = await api<{ depositCode: string }>("/api/wallet/deposit/request", { body });
      onClose();
      notice(
        tab === "agent"
          ? {
              type: "success",
              title: t("wallet.agentDepositTitle"),
              message: t("wallet.agentDepositText", { code: result.depositCode }),
              code: result.depositCode,
            }
          : { type: "success", title: t("wallet.depositSent") },
      );
      void refresh();
    } catch (error) {
      notice({
        type: "danger",
        title: t("wallet.serverError"),
        message: error instanceof ApiError ? message(error.message) : t("common.genericError"),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t("wallet.deposit")}
      className="modal deposit-dialog"
      onClose={onClose}
      onSubmit={submit}
    >
      <Tabs
        keys={["bank", "agent"] as const}
        selected={tab}
        label={(key) => t(key === "bank" ? "wallet.bankDeposit" : "wallet.fromAgent")}
        onSelect={setTab}
      />
      {tab === "bank" && (
        <>
          <fieldset className="bank-list">
            <legend>{t("wallet.chooseBank")}</legend>
            {banks.map((candidate) => (
              <label
                key={candidate.id}
                className={candidate.bankName === bankName ? "is-selected" : ""}
              >
                <input
                  type="radio"
                  name="bank"
                  checked={candidate.bankName === bankName}
                  onChange={() => setBankName(candidate.bankName)}
                />
                <img src={`/image/${candidate.bankLogo}`} alt="" width={28} height={28} />
                {candidate.bankName}
              </label>
            ))}
          </fieldset>
          {bank && <PayToAccount accountNumber={bank.accountNumber} />}
        </>
      )}
      <Field
        id="deposit-amount"
        type="number"
        label={t("wallet.amountEtb")}
        value={form.amount}
        onChange={edit("amount")}
        error={errors.amount && message(errors.amount)}
      />
      {tab === "bank" && (
        <>
          <Field
            id="deposit-account"
            label={t("wallet.yourAccount")}
            value={form.accountNumber}
            onChange={edit("accountNumber")}
            error={errors.accountNumber}
          />
          <Field
            id="deposit-transaction"
            label={t("wallet.transactionId")}
            value={form.transactionId}
            onChange={edit("transactionId")}
            error={errors.transactionId}
          />
          <div className="field">
            <label htmlFor="deposit-screenshot">{t("wallet.screenshot")}</label>
            <input
              id="deposit-screenshot"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => setScreenshot(event.target.files?.[0] ?? null)}
            />
            <p className="hint">{t("wallet.screenshotHint")}</p>
            {errors.screenshot && <p className="field-error">{errors.screenshot}</p>}
            {preview && (
              <div className="screenshot-preview">
                <img src={preview} alt={t("wallet.screenshotPreview")} />
                <button type="button" className="link-button" onClick={() => setScreenshot(null)}>
                  {t("wallet.remove")}
                </button>
              </div>
            )}
          </div>
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={onClose}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {t("wallet.submitDeposit")}
        </button>
      </div>
    </Modal>
  );
}
