import type { CoinSide, InstantGameEntry } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { useSession } from "../../lib/session.tsx";
import { createOnTable } from "./coin-flip-api.ts";
import { GameFigures } from "./game-figures.tsx";
import { SidePicker } from "./side-picker.tsx";

/** A free table: pick Heads or Tails and lock it; the round opens and the bet is taken. */
export function CreateView({ table }: { table: InstantGameEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotice();
  const { refresh } = useSession();
  const [side, setSide] = useState<CoinSide | null>(null);
  const [busy, setBusy] = useState(false);

  const lock = async () => {
    if (!side) {
      notify({
        type: "warning",
        title: t("coinFlip.sideNotSelected"),
        message: t("coinFlip.selectSide"),
      });
      return;
    }
    setBusy(true);
    try {
      const { gameCode } = await createOnTable(table.id, side);
      void refresh();
      navigate(`/play/instant/coin-flip/${gameCode}`, { replace: true });
    } catch (error) {
      // The spec sends a failed creation back to the lobby; the reason is worth a notice.
      notify({ type: "danger", title: t("coinFlip.error"), message: (error as Error).message });
      navigate("/play/instant/coin-flip/lobby");
    }
  };

  return (
    <section className="card round-view">
      <h2>{t("games.coinFlip")}</h2>
      <GameFigures betAmount={table.betAmount} deadline={null} />
      <SidePicker label={t("coinFlip.pickSide")} value={side} onChange={setSide} disabled={busy} />
      <button type="button" className="button" onClick={lock} disabled={busy}>
        {busy ? t("coinFlip.selectionLocked") : t("coinFlip.lockSelection")}
      </button>
    </section>
  );
}
