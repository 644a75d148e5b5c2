import {
  GAME_TYPES,
  type GameHistoryEntry,
  type GameHistoryPage,
  type GameType,
  gameHistoryPageSchema,
} from "@igp/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { type RecordColumn, RecordList } from "../../components/records/record-list.tsx";
import { api } from "../../lib/api-client.ts";
import { queryClient, queryKeys } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";

/** Each game's title-case name in the locale files. */
const GAME_NAMES = { "coin-flip": "coinFlip", "spin-wheel": "spinWheel", lottery: "lottery" };
/** Up to this many tickets are listed by number; more are counted. */
const TICKETS_LISTED = 5;

async function fetchHistory(page: number, game: GameType | "") {
  const query = new URLSearchParams({ page: String(page), ...(game && { game }) });
  return gameHistoryPageSchema.parse(await api(`/api/game/history?${query}`));
}

/** The profile's Game History: the player's rounds of every game, newest first, page by page. */
export function GameHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [game, setGame] = useState<GameType | "">("");
  // The page shown stays while the next loads; all are read again when a lottery of the
  // player's is drawn (the player channel's money notice).
  const { data, isError: failed } = useQuery<GameHistoryPage>(
    {
      queryKey: queryKeys.gameHistory(page, game),
      queryFn: () => fetchHistory(page, game),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );

  return (
    <section className="game-history">
      <label className="field game-filter">
        <span>{t("profile.history.filter")}</span>
        <select
          value={game}
          onChange={(event) => {
            setPage(1);
            setGame(event.target.value as GameType | "");
          }}
        >
          <option value="">{t("profile.history.allGames")}</option>
          {GAME_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`games.${GAME_NAMES[type]}`)}
            </option>
          ))}
        </select>
      </label>
      {failed ? (
        <p className="text-danger">{t("profile.history.failed")}</p>
      ) : !data ? (
        <p>{t("common.loading")}</p>
      ) : data.history.length === 0 ? (
        <p className="table-empty">{t("profile.history.empty")}</p>
      ) : (
        <HistoryTable entries={data.history} />
      )}
      {data && data.totalPages > 1 && (
        <nav className="pager" aria-label={t("profile.history.pages")}>
          <button
            type="button"
            className="button button-small"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t("profile.history.prev")}
          </button>
          <span>
            {t("profile.history.pageOf", { page: data.currentPage, total: data.totalPages })}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={page >= data.totalPages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t("profile.history.next")}
          </button>
        </nav>
      )}
    </section>
  );
}

/**
 * The rounds as a table, or on a phone as cards: the game and its outcome badge first, then when,
 * the choice, the stake and what was paid, and the Verify link.
 */
function HistoryTable({ entries }: { entries: GameHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const label = (column: string) => t(`profile.history.${column}`);
  const columns: RecordColumn<GameHistoryEntry>[] = [
    {
      label: label("date"),
      cell: (entry) => (
        <time dateTime={entry.playedAt}>
          {new Date(entry.playedAt).toLocaleString(i18n.language)}
        </time>
      ),
    },
    { label: label("game"), place: "title", cell: (entry) => t(`games.${GAME_NAMES[entry.game]}`) },
    { label: label("choice"), cell: (entry) => <Choice entry={entry} /> },
    { label: label("stake"), cell: (entry) => money(entry.stake) },
    { label: label("outcome"), place: "badge", cell: (entry) => <Outcome entry={entry} /> },
    // What came back: the winnings, or the stake of a cancelled round.
    {
      label: label("payout"),
      cell: (entry) =>
        entry.outcome === "open"
          ? "—"
          : money(entry.outcome === "refunded" ? entry.refunded : entry.payout),
    },
    {
      label: label("verify"),
      place: "action",
      cell: (entry) => {
        const path = fairPath(entry);
        return path && <Link to={path}>{label("verify")}</Link>;
      },
    },
  ];
  return (
    <RecordList
      rows={entries}
      columns={columns}
      rowKey={(entry) => entry.roundId}
      rowData={(entry) => ({ "data-round": entry.code ?? entry.roundId })}
    />
  );
}

const OUTCOME_COLOURS = { won: "green", lost: "red", refunded: "yellow", open: "yellow" };

/** The outcome's badge, and a lottery's places won. */
function Outcome({ entry }: { entry: GameHistoryEntry }) {
  const { t } = useTranslation();
  const places = entry.places.map((place) => t("profile.history.place", { place })).join(", ");
  return (
    <>
      <span className={`status status-${OUTCOME_COLOURS[entry.outcome]}`}>
        {t(`profile.history.outcomes.${entry.outcome}`)}
      </span>
      {places && ` · ${places}`}
    </>
  );
}

/** The side, the numbers or the tickets the player held. */
function Choice({ entry }: { entry: GameHistoryEntry }) {
  const { t } = useTranslation();
  if (entry.side)
    return <>{t(entry.side === "H" ? "profile.history.heads" : "profile.history.tails")}</>;
  if (entry.game === "spin-wheel") return <>{entry.numbers.join(", ")}</>;
  if (entry.tickets.length > TICKETS_LISTED)
    return <>{t("profile.history.ticketCount", { count: entry.tickets.length })}</>;
  return <>{entry.tickets.map((ticket) => `#${ticket}`).join(", ")}</>;
}

/** /fair for a settled round: a round by its code, a lottery's drawing by the lottery's. */
function fairPath(entry: GameHistoryEntry): string | null {
  const settled = entry.outcome === "won" || entry.outcome === "lost";
  if (!settled || !entry.code) return null;
  const param = entry.game === "lottery" ? "lottery" : "code";
  return `/fair?${param}=${entry.code}`;
}
