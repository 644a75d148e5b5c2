import "../safer-play/texts.ts";
import { AGENT_DEPOSIT_METHOD } from "@igp/shared";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Form, FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { useMessage } from "../../lib/messages.ts";
import { sendOnce } from "../../lib/send-once.ts";
import { useSession } from "../../lib/session.tsx";
import { type DepositForm, depositBody, depositFormSchema } from "./deposit-form-schema.ts";
import { PayToAccount } from "./pay-to-account.tsx";
import { recordOwnRequest } from "./transactions.ts";
import { TransferProofFields } from "./transfer-proof-fields.tsx";
import { type Bank, useBanks } from "./use-banks.ts";
import "./wallet.css";

/** Deposit: by bank transfer with proof, or through an agent with a deposit code. */
export function DepositDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const { refresh } = useSession();
  const banks = useBanks("deposit");
  const form = useApiForm<DepositForm>({
    schema: depositFormSchema,
    defaultValues: {
      via: "bank",
      method: "",
      amount: "",
      accountNumber: "",
      transactionId: "",
      screenshot: null,
    },
    failureText: (reason) => `${t("wallet.serverError")}: ${reason}`,
    async onSubmit(values) {
      const result = await sendOnce<{ depositCode: string; transactionId: string }>(
        "/api/wallet/deposit/request",
        depositBody(values),
      );
      const byAgent = values.via === "agent";
      await recordOwnRequest("deposit", {
        id: result.transactionId,
        amount: Number(values.amount),
        method: byAgent ? AGENT_DEPOSIT_METHOD : values.method,
        depositCode: result.depositCode,
      });
      onClose();
      notice(
        byAgent
          ? {
              type: "success",
              title: t("wallet.agentDepositTitle"),
              message: t("wallet.agentDepositText", { code: result.depositCode }),
              code: result.depositCode,
            }
          : { type: "success", title: t("wallet.depositSent") },
      );
      void refresh();
    },
  });
  const via = form.watch("via");
  const method = form.watch("method");
  // The first bank is chosen for the player once the list arrives.
  useEffect(() => {
    if (!method && banks[0]) form.setValue("method", banks[0].bankName);
  }, [banks, method, form]);

  return (
    <Modal title={t("wallet.deposit")} className="modal deposit-dialog" onClose={onClose}>
      <Form form={form} className="modal-form">
        <Tabs
          keys={["bank", "agent"] as const}
          selected={via}
          label={(key) => t(key === "bank" ? "wallet.bankDeposit" : "wallet.fromAgent")}
          onSelect={(key) => {
            form.setValue("via", key);
            form.clearErrors();
          }}
        />
        {via === "bank" && <BankChoice banks={banks} />}
        <TextField name="amount" type="number" label={t("wallet.amountEtb")} />
        {via === "bank" && (
          <TransferProofFields
            accountLabel={t("wallet.yourAccount")}
            transactionLabel={t("wallet.transactionId")}
          />
        )}
        <FormFailure />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <SubmitButton label={t("wallet.submitDeposit")} mainButton />
        </div>
      </Form>
    </Modal>
  );
}

/**
 * The deposit banks with their logos, and the account of the chosen one to transfer to; the
 * schema's message when none is chosen (no bank offered yet).
 */
function BankChoice({ banks }: { banks: Bank[] }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { register, watch, formState } = useFormContext<DepositForm>();
  const chosen = banks.find((bank) => bank.bankName === watch("method"));
  const missing = formState.errors.method?.message;
  return (
    <>
      <fieldset className="bank-list">
        <legend>{t("wallet.chooseBank")}</legend>
        {missing && <p className="field-error">{message(missing)}</p>}
        {banks.map((bank) => (
          <label key={bank.id} className={bank === chosen ? "is-selected" : ""}>
            <input type="radio" value={bank.bankName} {...register("method")} />
            <img src={`/image/${bank.bankLogo}`} alt="" width={28} height={28} />
            {bank.bankName}
          </label>
        ))}
      </fieldset>
      {chosen && <PayToAccount accountNumber={chosen.accountNumber} />}
    </>
  );
}
