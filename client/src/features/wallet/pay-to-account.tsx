import { useTranslation } from "react-i18next";

/** The account a transfer goes to, with a copy action. */
export function PayToAccount({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation();
  return (
    <p className="account-to-pay">
      {t("wallet.payTo")} <strong>{accountNumber}</strong>{" "}
      <button
        type="button"
        className="link-button"
        onClick={() => navigator.clipboard?.writeText(accountNumber)}
      >
        {t("wallet.copy")}
      </button>
    </p>
  );
}
