import type { InstantGameEntry } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { LockButton } from "../../components/rounds/lock-button.tsx";
import { NumberGrid } from "../../components/rounds/number-grid.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { hasNumbers, spinFlow, toggleNumber } from "./spin-flow.ts";
import { createOnTable } from "./spin-wheel-api.ts";

/**
 * New-game selection on a free table: pick numbers 1 to 6, 'Lock Selection' (the round opens
 * with them, their stake debited), then the round's screen.
 */
export function CreateView({ table }: { table: InstantGameEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotice();
  const { snapshot, send } = useGameFlow({
    machine: spinFlow,
    entry: "selecting",
    choice: [],
    hasChoice: hasNumbers,
    lock: (numbers) => createOnTable(table.id, numbers),
    onNothingChosen: () =>
      notify({
        type: "warning",
        title: t("spinWheel.noNumbersTitle"),
        message: t("spinWheel.noNumbersMessage"),
      }),
    onLocked: (answer) =>
      navigate(`/play/instant/spin-wheel/${(answer as { gameCode: string }).gameCode}`, {
        replace: true,
      }),
    // The spec's spin lock failure: a warning titled with the server's message.
    onLockFailed: (error) =>
      notify({ type: "warning", title: error.message, message: t("spinWheel.depositFirst") }),
  });
  const selecting = snapshot.matches("selecting");
  const numbers = snapshot.context.choice ?? [];

  return (
    <section className="card round-view">
      <h1>{t("games.spinWheel")}</h1>
      <GameFigures
        betAmount={table.betAmount}
        betLabel={t("rounds.baseBet")}
        myBet={numbers.length * table.betAmount}
        deadline={null}
      />
      <NumberGrid
        legend={t("spinWheel.pickNumbers")}
        mine={numbers}
        onToggle={(number) => send({ type: "PICK", choice: toggleNumber(numbers, number) })}
        disabled={!selecting}
      />
      <LockButton selecting={selecting} onLock={() => send({ type: "LOCK" })} />
    </section>
  );
}
