import type pg from "pg";
import { RoundLeases } from "../round-kernel/round-leases.ts";

/** A lottery whose room nobody runs: a candidate for adoption. */
export interface LapsedLottery {
  roundId: string;
  code: string;
  /** The process whose lease lapsed, or null when the lottery never had one. */
  holder: string | null;
}

/**
 * Leases on lottery rooms (lottery_leases), held and adopted as rounds' are (round-leases.ts):
 * one process runs a lottery's room. A lottery needs its room until its winners are revealed and
 * paid: on sale, closing, drawing, being deleted, drawn so recently that its reveal still runs,
 * or drawn and not yet paid (a process died between the reveal's end and the payment).
 */
export class LotteryLeases {
  private readonly leases: RoundLeases;
  readonly holder: string;

  constructor(
    private readonly pool: pg.Pool,
    holder: string,
    private readonly ttlMs: number,
    private readonly revealEveryMs: number,
  ) {
    this.leases = new RoundLeases(pool, holder, ttlMs, "lottery_leases");
    this.holder = holder;
  }

  claim = (roundId: string) => this.leases.claim(roundId);
  renew = (roundIds: string[]) => this.leases.renew(roundIds);
  release = (roundId: string) => this.leases.release(roundId);

  async lapsed(limit = 100): Promise<LapsedLottery[]> {
    const { rows } = await this.pool.query(
      `SELECT l.round_id, l.code, s.holder FROM lotteries l
         LEFT JOIN lottery_leases s ON s.round_id = l.round_id
       WHERE (l.status IN ('open', 'drawing', 'deleting')
           OR (l.status = 'drawn' AND l.paid_at IS NULL)
           OR (l.status = 'drawn' AND l.drawn_at
               + (jsonb_array_length(l.prizes) + 1) * $3 * interval '1 millisecond' > now()))
         AND (s.expires_at < now()
           OR (s.round_id IS NULL AND l.created_at < now() - $2 * interval '1 millisecond'))
       ORDER BY l.out_date LIMIT $1`,
      [limit, this.ttlMs, this.revealEveryMs],
    );
    return rows.map((row) => ({ roundId: row.round_id, code: row.code, holder: row.holder }));
  }
}
