import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/ui/copy-button.tsx";

/** The account a transfer goes to, with a copy action. */
export function PayToAccount({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation();
  return (
    <p className="account-to-pay">
      {t("wallet.payTo")} <strong>{accountNumber}</strong> <CopyButton text={accountNumber} />
    </p>
  );
}
