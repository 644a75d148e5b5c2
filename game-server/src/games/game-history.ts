import {
  COIN_SIDES,
  type CoinSide,
  type GameHistoryEntry,
  type GameType,
  minorToMajor,
} from "@igp/shared";
import type pg from "pg";
import { PagedQuery } from "../wallet/paged-query.ts";
import { drawingOver } from "./lottery/lottery-reveal.ts";

interface HistoryRow {
  round_id: string;
  game: GameType;
  code: string | null;
  stake: string;
  picks: Record<string, (string | number)[]>;
  payout: string;
  refunded: string;
  outcome: GameHistoryEntry["outcome"];
  places: number[];
  played_at: Date;
  settled_at: Date | null;
}

/**
 * One page of a player's rounds of every game (the projection), newest first. A lottery whose
 * room is still revealing its drawing reads as open, nothing won or lost yet: the history does
 * not tell the result before the room shows it (lottery-reveal.ts).
 */
export async function gameHistoryOf(
  pool: pg.Pool,
  userId: string,
  page: number,
  game: GameType | undefined,
  revealEveryMs: number,
): Promise<{ entries: GameHistoryEntry[]; total: number }> {
  const query = new PagedQuery().where("user_id = $?", userId);
  if (game) query.where("game = $?", game);
  const { rows, total } = await query.run(
    pool,
    "*",
    "FROM player_game_history",
    "played_at DESC, round_id DESC",
    page,
  );
  const entries = (rows as HistoryRow[]).map(toEntry);
  const revealing = await lotteriesRevealing(pool, entries, revealEveryMs);
  return {
    entries: entries.map((entry) =>
      revealing.has(entry.roundId)
        ? { ...entry, outcome: "open", payout: 0, places: [], settledAt: null }
        : entry,
    ),
    total,
  };
}

/** The rounds among `entries` of lotteries drawn whose reveal is not over yet. */
async function lotteriesRevealing(
  pool: pg.Pool,
  entries: GameHistoryEntry[],
  revealEveryMs: number,
): Promise<Set<string>> {
  const drawn = entries
    .filter(
      (entry) => entry.game === "lottery" && (entry.outcome === "won" || entry.outcome === "lost"),
    )
    .map((entry) => entry.roundId);
  if (drawn.length === 0) return new Set();
  const { rows } = await pool.query(
    `SELECT round_id, status, drawn_at, paid_at, winners FROM lotteries WHERE round_id = ANY($1)`,
    [drawn],
  );
  const now = Date.now();
  return new Set(
    rows
      .filter(
        (row) =>
          !drawingOver(
            {
              status: row.status,
              drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
              paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
              winners: row.winners ?? [],
            },
            revealEveryMs,
            now,
          ),
      )
      .map((row) => row.round_id as string),
  );
}

function toEntry(row: HistoryRow): GameHistoryEntry {
  const picks = Object.values(row.picks).flat();
  const numbers = picks.filter((pick) => typeof pick === "number").sort((a, b) => a - b);
  const side = picks.find((pick): pick is CoinSide => COIN_SIDES.includes(pick as CoinSide));
  return {
    roundId: row.round_id,
    game: row.game,
    code: row.code,
    side: row.game === "coin-flip" ? (side ?? null) : null,
    numbers: row.game === "spin-wheel" ? numbers : [],
    tickets: row.game === "lottery" ? numbers : [],
    stake: minorToMajor(Number(row.stake)),
    outcome: row.outcome,
    payout: minorToMajor(Number(row.payout)),
    refunded: minorToMajor(Number(row.refunded)),
    places: row.places,
    playedAt: row.played_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
