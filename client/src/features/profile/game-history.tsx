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
    <section className="game-history data-table">
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

function HistoryTable({ entries }: { entries: GameHistoryEntry[] }) {
  const { t } = useTranslation();
  const columns = ["date", "game", "choice", "stake", "outcome", "payout", "verify"] as const;
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`profile.history.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <HistoryRow key={entry.roundId} entry={entry} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const OUTCOME_COLOURS = { won: "green", lost: "red", refunded: "yellow", open: "yellow" };

function HistoryRow({ entry }: { entry: GameHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const places = entry.places.map((place) => t("profile.history.place", { place })).join(", ");
  // What came back: the winnings, or the stake of a cancelled round.
  const paid = entry.outcome === "refunded" ? entry.refunded : entry.payout;
  return (
    <tr data-round={entry.code ?? entry.roundId}>
      <td>
        <time dateTime={entry.playedAt}>
          {new Date(entry.playedAt).toLocaleString(i18n.language)}
        </time>
      </td>
      <td>{t(`games.${GAME_NAMES[entry.game]}`)}</td>
      <td>
        <Choice entry={entry} />
      </td>
      <td>{money(entry.stake)}</td>
      <td>
        <span className={`status status-${OUTCOME_COLOURS[entry.outcome]}`}>
          {t(`profile.history.outcomes.${entry.outcome}`)}
        </span>
        {places && ` · ${places}`}
      </td>
      <td>{entry.outcome === "open" ? "—" : money(paid)}</td>
      <td>
        <VerifyLink entry={entry} />
      </td>
    </tr>
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
function VerifyLink({ entry }: { entry: GameHistoryEntry }) {
  const { t } = useTranslation();
  const settled = entry.outcome === "won" || entry.outcome === "lost";
  if (!settled || !entry.code) return null;
  const param = entry.game === "lottery" ? "lottery" : "code";
  return <Link to={`/fair?${param}=${entry.code}`}>{t("profile.history.verify")}</Link>;
}
