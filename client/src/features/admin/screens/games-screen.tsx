import "../admin-texts.ts";
import { LOTTERY_CREATE_FAILED, LOTTERY_CREATE_FAILED_TITLE } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../../components/form/dialog-form.tsx";
import { SelectField, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { gameTitle } from "../../../lib/labels.ts";
import { queryKeys, refreshLists } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import {
  type CreateGameForm,
  createGame,
  createGameFormSchema,
  EMPTY_GAME,
  LotteryActions,
  LotteryFields,
} from "../../lottery/lottery-admin.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";

const GAMES = "/api/games/all";

interface Game {
  id: string;
  type: "coin-flip" | "spin-wheel" | "lottery";
  betAmount: number;
  status: string;
  /** Lotteries: code, title and end date. */
  code: string | null;
  title: string | null;
  outDate: string | null;
}

/**
 * Instant games: tables (type and a bet of at least 1) and lotteries (with their title and end
 * date; change the end date, start the drawing, see the winners); delete either.
 */
export function GamesScreen() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const notice = useNotice();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Game | null>(null);

  const changed = () => refreshLists(queryKeys.adminTable(GAMES));
  async function remove(game: Game) {
    try {
      await api(`/api/games/${game.id}`, { method: "DELETE" });
      setDeleting(null);
      await changeRow<Game>(GAMES, "games", game.id, null);
    } catch (error) {
      setDeleting(null);
      const reason = error instanceof ApiError && error.status === 409 ? error.message : undefined;
      notice({ type: "danger", title: t("admin.games.deleteFailed"), message: reason });
    }
  }

  const columns: Column<Game>[] = [
    { header: t("admin.columns.id"), cell: (g) => g.id },
    { header: t("admin.columns.type"), cell: (g) => gameTitle(t, g.type) },
    { header: t("lottery.titleField"), cell: (g) => g.title ?? "" },
    {
      header: t("lottery.outDate"),
      cell: (g) => (g.outDate ? new Date(g.outDate).toLocaleString(i18n.language) : ""),
    },
    { header: t("admin.games.bet"), cell: (g) => money(g.betAmount) },
    {
      header: t("admin.columns.status"),
      cell: (g) => t(g.type === "lottery" ? `lottery.status.${g.status}` : `status.${g.status}`),
    },
    {
      header: t("admin.columns.actions"),
      cell: (g) => (
        <span className="row-actions">
          {g.type === "lottery" && g.code && (
            <LotteryActions code={g.code} status={g.status} onChanged={() => void changed()} />
          )}
          {g.status !== "drawn" && (
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => setDeleting(g)}
            >
              {t("admin.catalog.delete")}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>{t("admin.menu.games")}</h1>
      <button type="button" className="button" onClick={() => setCreating(true)}>
        {t("admin.games.create")}
      </button>
      <DataTable
        path={GAMES}
        listKey="games"
        columns={columns}
        empty={t("admin.empty.games")}
        searchable={false}
      />
      {deleting && (
        <ConfirmDialog
          question={t("admin.catalog.confirmDelete", {
            name: deleting.title ?? `${gameTitle(t, deleting.type)} ${money(deleting.betAmount)}`,
          })}
          confirm={t("admin.catalog.delete")}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {creating && <CreateGameDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

function CreateGameDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = useApiForm<CreateGameForm>({
    schema: createGameFormSchema,
    defaultValues: EMPTY_GAME,
    failureText: (reason) => `${LOTTERY_CREATE_FAILED} ${reason}`,
    async onSubmit(values) {
      await createGame(values);
      await refreshLists(queryKeys.adminTable(GAMES));
      onClose();
    },
  });
  const lottery = form.watch("type") === "lottery";

  return (
    <DialogForm
      form={form}
      id="create-game"
      title={t("admin.games.create")}
      submitLabel={t("admin.create")}
      failureTitle={LOTTERY_CREATE_FAILED_TITLE}
      onCancel={onClose}
    >
      <SelectField
        name="type"
        label={t("admin.columns.type")}
        options={[
          { value: "coin-flip", label: t("games.coinFlip") },
          { value: "spin-wheel", label: t("games.spinWheel") },
          { value: "lottery", label: t("games.lottery") },
        ]}
      />
      <TextField
        name="betAmount"
        type="number"
        label={lottery ? t("lottery.price") : t("admin.games.bet")}
      />
      {lottery && <LotteryFields />}
    </DialogForm>
  );
}
