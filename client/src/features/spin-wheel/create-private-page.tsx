import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NumberGrid } from "../../components/rounds/number-grid.tsx";
import { PrivateGameForm } from "../../components/rounds/private-game-form.tsx";
import { toggleNumber } from "./spin-flow.ts";
import { createPrivate } from "./spin-wheel-api.ts";

/** /create/private/spin-wheel: any valid bet per number and the creator's numbers. */
export function CreatePrivatePage() {
  const { t } = useTranslation();
  const [numbers, setNumbers] = useState<number[]>([]);
  return (
    <PrivateGameForm
      game="spin-wheel"
      missingChoice={numbers.length > 0 ? null : t("spinWheel.pickAtLeastOne")}
      create={(betAmount) => createPrivate(betAmount, numbers)}
      myBet={(betAmount) => numbers.length * betAmount}
    >
      {(busy, clearError) => (
        <NumberGrid
          legend={t("spinWheel.pickNumbers")}
          mine={numbers}
          onToggle={(number) => {
            setNumbers((current) => toggleNumber(current, number));
            clearError();
          }}
          disabled={busy}
        />
      )}
    </PrivateGameForm>
  );
}
