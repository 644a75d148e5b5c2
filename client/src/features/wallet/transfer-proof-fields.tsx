import { useTranslation } from "react-i18next";
import { ImageField, TextField } from "../../components/form/fields.tsx";

/**
 * The proof of a bank transfer (a player's deposit, an agent's charge): the account paid from,
 * the transaction's id or link, and a screenshot, previewed.
 */
export function TransferProofFields(props: { accountLabel: string; transactionLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="accountNumber" label={props.accountLabel} />
      <TextField name="transactionId" label={props.transactionLabel} />
      <ImageField
        name="screenshot"
        label={t("wallet.screenshot")}
        hint={t("wallet.screenshotHint")}
        preview
      />
    </>
  );
}
