import { useTranslation } from "react-i18next";

/** The demo bet, typed in major units; demo-rules.ts decides whether it is a bet at all. */
export function BetInput({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="field bet-input">
      <span>{t("demo.betAmount")}</span>
      <input
        name="bet"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
    </label>
  );
}
