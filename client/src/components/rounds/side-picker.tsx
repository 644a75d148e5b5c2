import type { CoinSide } from "@igp/shared";
import { useTranslation } from "react-i18next";
import "./side-picker.css";

/** Heads (H) or Tails (T); read-only once locked or when showing someone else's choice. */
export function SidePicker({
  value,
  onChange,
  disabled = false,
  label,
}: {
  value: CoinSide | null;
  onChange?: (side: CoinSide) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="side-picker" disabled={disabled}>
      <legend>{label}</legend>
      {(["H", "T"] as const).map((side) => (
        <button
          key={side}
          type="button"
          className={`side side-${side}${value === side ? " side-chosen" : ""}`}
          aria-pressed={value === side}
          onClick={() => onChange?.(side)}
        >
          {side === "H" ? t("coinFlip.heads") : t("coinFlip.tails")}
        </button>
      ))}
    </fieldset>
  );
}
