import { batchOfTheMoment, type JsonValue } from "@igp/ledger";
import { HISTORY_LENGTH, type RoundGameType, type RoundStatus } from "@igp/shared";
import type pg from "pg";
import type { Seat } from "./round-game.ts";
import { RegistryUpdates } from "./round-registry-updates.ts";

/** A round of any game: its seats and outcome have the game's shapes (round-game.ts). */
export interface RegisteredRound<S extends Seat = Seat, O extends JsonValue = JsonValue> {
  roundId: string;
  code: string;
  game: RoundGameType;
  instantId: number | null;
  access: "public" | "private";
  createdBy: string;
  betAmount: number;
  cutBasisPoints: number;
  waitingMinutes: number;
  createdAt: string;
  deadline: string;
  status: RoundStatus;
  players: S[];
  commitment: string;
  outcome: O | null;
  serverSeed: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: rows are cast to the game's round by its lifecycle
type AnyRound = RegisteredRound<any, any>;

const toRound = (row: pg.QueryResultRow): AnyRound => ({
  roundId: row.round_id,
  code: row.code,
  game: row.game,
  instantId: row.instant_id === null ? null : Number(row.instant_id),
  access: row.access,
  createdBy: row.created_by,
  betAmount: Number(row.bet_amount),
  cutBasisPoints: row.cut_bps,
  waitingMinutes: row.waiting_minutes,
  createdAt: new Date(row.created_at).toISOString(),
  deadline: new Date(row.deadline).toISOString(),
  status: row.status,
  players: row.players,
  commitment: row.commitment,
  outcome: row.outcome,
  serverSeed: row.server_seed,
});

export class TableTakenError extends Error {}

/**
 * The round registry (migration game_rounds): codes, the one open round per table, the lobby,
 * past outcomes. Each round's room is its only writer, right after the round's stream moves.
 */
export class RoundRegistry {
  private readonly updates: RegistryUpdates;

  constructor(private readonly pool: pg.Pool) {
    this.updates = new RegistryUpdates(pool);
  }

  /** Registers a new round; a TableTakenError when its table already has an open round. */
  async register(round: AnyRound): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO game_rounds (round_id, code, game, instant_id, access, created_by, bet_amount,
           cut_bps, waiting_minutes, created_at, deadline, status, players, commitment)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          round.roundId,
          round.code,
          round.game,
          round.instantId,
          round.access,
          round.createdBy,
          round.betAmount,
          round.cutBasisPoints,
          round.waitingMinutes,
          round.createdAt,
          round.deadline,
          round.status,
          JSON.stringify(round.players),
          round.commitment,
        ],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === "game_rounds_one_open_per_table")
        throw new TableTakenError("A round is already open on this table.");
      throw error;
    }
  }

  /** A round's status and seats (and once drawn, its outcome and seed), stored together with
   *  the other rounds' changes of the moment (round-registry-updates.ts). */
  update(
    roundId: string,
    change: Pick<AnyRound, "status" | "players"> &
      Partial<Pick<AnyRound, "outcome" | "serverSeed">>,
  ): Promise<void> {
    return this.updates.update(roundId, change);
  }

  /** A round that never opened (its stream is empty) leaves no trace. */
  async remove(roundId: string): Promise<void> {
    await this.pool.query("DELETE FROM game_rounds WHERE round_id = $1", [roundId]);
  }

  async byCode(code: string): Promise<AnyRound | null> {
    const { rows } = await this.pool.query("SELECT * FROM game_rounds WHERE code = $1", [code]);
    return rows[0] ? toRound(rows[0]) : null;
  }

  async byId(roundId: string): Promise<AnyRound | null> {
    const { rows } = await this.pool.query("SELECT * FROM game_rounds WHERE round_id = $1", [
      roundId,
    ]);
    return rows[0] ? toRound(rows[0]) : null;
  }

  /** Every round that is not over, oldest first: what recovery resumes after a restart. */
  async open(): Promise<AnyRound[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM game_rounds WHERE status IN ('waiting', 'player-joined') ORDER BY created_at`,
    );
    return rows.map(toRound);
  }

  /** Public rounds of every game still counting down: the lobby's candidates. */
  async openPublic(limit = 500): Promise<AnyRound[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM game_rounds WHERE status IN ('waiting', 'player-joined') AND access = 'public'
         AND deadline > now() ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map(toRound);
  }

  /** The open round of each given table. */
  async openOnTables(instantIds: number[]): Promise<Map<number, AnyRound>> {
    const { rows } = await this.pool.query(
      `SELECT * FROM game_rounds WHERE instant_id = ANY($1::bigint[])
         AND status IN ('waiting', 'player-joined')`,
      [instantIds],
    );
    return new Map(rows.map((row) => [Number(row.instant_id), toRound(row)]));
  }

  /**
   * The last outcomes of a game before the given round, newest first. The rounds of one game that
   * ask together (many settling at once) share one query: the newest outcomes, enough for each to
   * leave its own round out.
   */
  lastOutcomes<O extends JsonValue>(game: RoundGameType, before: string): Promise<O[]> {
    return this.outcomes({ game, before }) as Promise<O[]>;
  }

  private readonly outcomes = batchOfTheMoment<
    { game: RoundGameType; before: string },
    JsonValue[]
  >(async (asks) => {
    const newest = new Map<RoundGameType, { roundId: string; outcome: JsonValue }[]>();
    for (const game of new Set(asks.map((ask) => ask.game))) {
      const { rows } = await this.pool.query(
        `SELECT round_id, outcome FROM game_rounds WHERE game = $1 AND status = 'finished'
         ORDER BY closed_at DESC LIMIT $2`,
        [game, HISTORY_LENGTH + asks.filter((ask) => ask.game === game).length],
      );
      newest.set(
        game,
        rows.map((row) => ({ roundId: row.round_id, outcome: row.outcome })),
      );
    }
    return asks.map(({ game, before }) =>
      newest
        .get(game)!
        .filter((row) => row.roundId !== before)
        .slice(0, HISTORY_LENGTH)
        .map((row) => row.outcome),
    );
  });
}
