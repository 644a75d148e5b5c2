import type { InstantGameEntry } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { LockButton } from "../../components/rounds/lock-button.tsx";
import { SidePicker } from "../../components/rounds/side-picker.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { createOnTable } from "./coin-flip-api.ts";
import { coinFlow } from "./coin-flow.ts";

/** A free table: pick Heads or Tails and lock it; the round opens and the bet is taken. */
export function CreateView({ table }: { table: InstantGameEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotice();
  const { snapshot, send } = useGameFlow({
    machine: coinFlow,
    entry: "selecting",
    lock: (side) => createOnTable(table.id, side),
    onNothingChosen: () =>
      notify({
        type: "warning",
        title: t("coinFlip.sideNotSelected"),
        message: t("coinFlip.selectSide"),
      }),
    onLocked: (answer) =>
      navigate(`/play/instant/coin-flip/${(answer as { gameCode: string }).gameCode}`, {
        replace: true,
      }),
    onLockFailed: (error) => {
      // The spec sends a failed creation back to the lobby; the reason is worth a notice.
      notify({ type: "danger", title: t("rounds.error"), message: error.message });
      navigate("/play/instant/coin-flip/lobby");
    },
  });
  const selecting = snapshot.matches("selecting");

  return (
    <section className="card round-view">
      <h1>{t("games.coinFlip")}</h1>
      <GameFigures betAmount={table.betAmount} deadline={null} />
      <SidePicker
        label={t("coinFlip.pickSide")}
        value={snapshot.context.choice}
        onChange={(side) => send({ type: "PICK", choice: side })}
        disabled={!selecting}
      />
      <LockButton selecting={selecting} onLock={() => send({ type: "LOCK" })} />
    </section>
  );
}
