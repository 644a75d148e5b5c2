import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { gameTitle } from "../../../lib/labels.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { Field } from "../../auth/login-page.tsx";
import {
  emptyLotteryDraft,
  LotteryActions,
  LotteryFields,
  useCreateLottery,
} from "../../lottery/lottery-admin.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";

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
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Game | null>(null);

  async function remove(game: Game) {
    setDeleting(null);
    try {
      await api(`/api/games/${game.id}`, { method: "DELETE" });
      setVersion((v) => v + 1);
    } catch (error) {
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
        <>
          {g.type === "lottery" && g.code && (
            <LotteryActions
              code={g.code}
              status={g.status}
              onChanged={() => setVersion((v) => v + 1)}
            />
          )}
          {g.status !== "drawn" && (
            <button
              type="button"
              className="button button-small button-outline"
              onClick={() => setDeleting(g)}
            >
              {t("admin.catalog.delete")}
            </button>
          )}
        </>
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
        path="/api/games/all"
        listKey="games"
        columns={columns}
        empty={t("admin.empty.games")}
        version={version}
        searchable={false}
      />
      {deleting && (
        <ConfirmDialog
          question={t("admin.catalog.confirmDelete", {
            name: deleting.title ?? `${gameTitle(t, deleting.type)} ${money(deleting.betAmount)}`,
          })}
          confirm={t("admin.catalog.delete")}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {creating && (
        <CreateGameDialog
          onClose={() => setCreating(false)}
          onCreated={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}

function CreateGameDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [type, setType] = useState<Game["type"]>("coin-flip");
  const [bet, setBet] = useState("");
  const [lottery, setLottery] = useState(emptyLotteryDraft);
  const createLottery = useCreateLottery();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (type === "lottery") {
      if (await createLottery(bet, lottery)) {
        onCreated();
        onClose();
      }
      return;
    }
    const amount = Number(bet);
    if (!bet.trim() || !Number.isFinite(amount) || amount < 1) {
      return notice({ type: "warning", title: t("admin.games.invalidBet") });
    }
    try {
      await api("/api/games/create", { body: { type, betAmount: amount } });
      onCreated();
      onClose();
    } catch {
      notice({ type: "danger", title: t("admin.games.createFailed") });
    }
  }

  return (
    <FormDialog
      id="create-game"
      title={t("admin.games.create")}
      submitLabel={t("admin.create")}
      onSubmit={submit}
      onCancel={onClose}
    >
      <div className="field">
        <label htmlFor="game-type">{t("admin.columns.type")}</label>
        <select
          id="game-type"
          value={type}
          onChange={(event) => setType(event.target.value as Game["type"])}
        >
          <option value="coin-flip">{t("games.coinFlip")}</option>
          <option value="spin-wheel">{t("games.spinWheel")}</option>
          <option value="lottery">{t("games.lottery")}</option>
        </select>
      </div>
      <Field
        id="game-bet"
        type="number"
        label={type === "lottery" ? t("lottery.price") : t("admin.games.bet")}
        value={bet}
        onChange={setBet}
      />
      {type === "lottery" && <LotteryFields draft={lottery} onChange={setLottery} />}
    </FormDialog>
  );
}
