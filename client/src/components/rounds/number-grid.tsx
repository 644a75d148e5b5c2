import { WHEEL_NUMBERS } from "@igp/shared";
import { useTranslation } from "react-i18next";
import "./number-grid.css";

/**
 * The six numbers as a grid: mine highlighted, others' blocked (taken), the rest free. Read-only
 * once locked or when showing a locked selection.
 */
export function NumberGrid({
  legend,
  mine,
  taken = [],
  onToggle,
  disabled = false,
}: {
  legend: string;
  mine: number[];
  taken?: number[];
  onToggle?: (number: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="number-grid" disabled={disabled}>
      <legend>{legend}</legend>
      {WHEEL_NUMBERS.map((number) => {
        const chosen = mine.includes(number);
        const blocked = !chosen && taken.includes(number);
        return (
          <button
            key={number}
            type="button"
            className={`wheel-number${chosen ? " wheel-number-chosen" : ""}${blocked ? " wheel-number-taken" : ""}`}
            aria-pressed={chosen}
            aria-label={
              blocked ? `${t("spinWheel.number", { number })} (${t("spinWheel.taken")})` : undefined
            }
            disabled={blocked}
            onClick={() => onToggle?.(number)}
          >
            {number}
          </button>
        );
      })}
    </fieldset>
  );
}
