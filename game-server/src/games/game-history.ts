import {
  COIN_SIDES,
  type CoinSide,
  type GameHistoryEntry,
  type GameType,
  minorToMajor,
} from "@igp/shared";
import type pg from "pg";
import { PagedQuery } from "../wallet/paged-query.ts";

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

/** One page of a player's rounds of every game (the projection), newest first. */
export async function gameHistoryOf(
  pool: pg.Pool,
  userId: string,
  page: number,
  game?: GameType,
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
  return { entries: (rows as HistoryRow[]).map(toEntry), total };
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
