import { batchOfTheMoment } from "@igp/ledger";
import type { RoundGameType } from "@igp/shared";
import type pg from "pg";

/** An open round nobody holds a live lease on: a candidate for adoption. */
export interface LapsedRound {
  roundId: string;
  code: string;
  game: RoundGameType;
  /** The process whose lease lapsed, or null when the round never had one. */
  holder: string | null;
}

/**
 * Leases on open rounds (migration round_leases): the process running a round's room holds its
 * lease and renews it; a lease that lapses (its process died, or lost the database) may be
 * claimed by any process. Claiming is one conditional upsert, so two processes never both win.
 */
export class RoundLeases {
  constructor(
    private readonly pool: pg.Pool,
    /** This process (its Colyseus process id). */
    readonly holder: string,
    private readonly ttlMs: number,
    /** The lease table: round_leases, or lottery_leases for lotteries (lottery-leases.ts). */
    private readonly table = "round_leases",
  ) {}

  /** Takes the round's lease when it is free, lapsed or already ours; false when another holds it. */
  async claim(roundId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.table} (round_id, holder, expires_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (round_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE ${this.table}.holder = EXCLUDED.holder OR ${this.table}.expires_at < now()`,
      [roundId, this.holder, this.ttlMs],
    );
    return rowCount === 1;
  }

  /**
   * Extends this process' leases on the given rounds (those whose rooms run here); returns the
   * ones it still holds. A lease without a room here is left to lapse.
   */
  async renew(roundIds: string[]): Promise<Set<string>> {
    if (roundIds.length === 0) return new Set();
    const { rows } = await this.pool.query(
      `UPDATE ${this.table} SET expires_at = now() + $2 * interval '1 millisecond'
       WHERE holder = $1 AND round_id = ANY($3::uuid[]) RETURNING round_id`,
      [this.holder, this.ttlMs, roundIds],
    );
    return new Set(rows.map((row) => row.round_id as string));
  }

  /**
   * Lets go of a round (its room is gone); a lease another process took is left alone. The
   * rounds let go together (many ending at once) go in one statement.
   */
  release(roundId: string): Promise<void> {
    return this.releases(roundId);
  }

  private readonly releases = batchOfTheMoment<string, void>(async (roundIds) => {
    await this.pool.query(
      `DELETE FROM ${this.table} WHERE holder = $1 AND round_id = ANY($2::uuid[])`,
      [this.holder, roundIds],
    );
    return roundIds.map(() => undefined);
  });

  /**
   * Open rounds whose lease lapsed, or that never had one though they are older than a lease
   * (a round just registered gets its room, and its lease, from the process creating it).
   */
  async lapsed(limit = 100): Promise<LapsedRound[]> {
    const { rows } = await this.pool.query(
      `SELECT r.round_id, r.code, r.game, l.holder FROM game_rounds r
         LEFT JOIN round_leases l ON l.round_id = r.round_id
       WHERE r.status IN ('waiting', 'player-joined')
         AND (l.expires_at < now()
           OR (l.round_id IS NULL AND r.created_at < now() - $2 * interval '1 millisecond'))
       ORDER BY r.created_at LIMIT $1`,
      [limit, this.ttlMs],
    );
    return rows.map((row) => ({
      roundId: row.round_id,
      code: row.code,
      game: row.game,
      holder: row.holder,
    }));
  }
}
