import type { CoinSide } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PrivateGameForm } from "../../components/rounds/private-game-form.tsx";
import { SidePicker } from "../../components/rounds/side-picker.tsx";
import { createPrivate } from "./coin-flip-api.ts";

/** /create/private/coin-flip: any valid bet and a side; the round's code is then shared. */
export function CreatePrivatePage() {
  const { t } = useTranslation();
  const [side, setSide] = useState<CoinSide | null>(null);
  return (
    <PrivateGameForm
      game="coin-flip"
      missingChoice={side ? null : t("coinFlip.pickHeadsOrTails")}
      create={(betAmount) => createPrivate(betAmount, side!)}
    >
      {(busy, clearError) => (
        <SidePicker
          label={t("coinFlip.pickSide")}
          value={side}
          onChange={(picked) => {
            setSide(picked);
            clearError();
          }}
          disabled={busy}
        />
      )}
    </PrivateGameForm>
  );
}
