import type { PrizeEntry } from "@igp/shared";
import type pg from "pg";

export type LotteryStatus = "open" | "drawing" | "drawn" | "deleting" | "deleted";

/** A winning ticket: its place (1 = winAmount), what it won, and whose it is. */
export interface LotteryWinner {
  place: number;
  label: string;
  /** Minor units; null for an award. */
  amount: number | null;
  ticket: number;
  userId: string;
}

/** A lottery as its registry row holds it (amounts in minor units). */
export interface Lottery {
  id: number;
  roundId: string;
  code: string;
  title: string;
  banner: string;
  ticketPrice: number;
  winAmount: number;
  prizesText: string;
  prizes: PrizeEntry[];
  outDate: string;
  status: LotteryStatus;
  commitment: string;
  serverSeed: string | null;
  winners: LotteryWinner[];
  createdBy: string;
  createdAt: string;
  /**
   * When sales closed (the drawing started its countdown), when the drawing was recorded (its
   * reveal counts from then), and when its prizes were paid (the reveal over, the round settled).
   */
  closedAt: string | null;
  drawnAt: string | null;
  paidAt: string | null;
}

const toLottery = (row: pg.QueryResultRow): Lottery => ({
  id: Number(row.id),
  roundId: row.round_id,
  code: row.code,
  title: row.title,
  banner: row.banner,
  ticketPrice: Number(row.ticket_price),
  winAmount: Number(row.win_amount),
  prizesText: row.prizes_text,
  prizes: row.prizes,
  outDate: new Date(row.out_date).toISOString(),
  status: row.status,
  commitment: row.commitment,
  serverSeed: row.server_seed,
  winners: row.winners ?? [],
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
});

/**
 * The lotteries table (migration 1763800003000): the card, the code, and where each lottery's
 * drawing or deletion stands. Status moves only forward, each step guarded by the one before,
 * so two admins drawing at once get one drawing.
 */
export class LotteryRegistry {
  constructor(private readonly pool: pg.Pool) {}

  async insert(
    lottery: Omit<
      Lottery,
      "id" | "status" | "serverSeed" | "winners" | "closedAt" | "drawnAt" | "paidAt"
    >,
  ) {
    const { rows } = await this.pool.query(
      `INSERT INTO lotteries (round_id, code, title, banner, ticket_price, win_amount, prizes_text,
         prizes, out_date, status, commitment, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, $11, $12) RETURNING *`,
      [
        lottery.roundId,
        lottery.code,
        lottery.title,
        lottery.banner,
        lottery.ticketPrice,
        lottery.winAmount,
        lottery.prizesText,
        JSON.stringify(lottery.prizes),
        lottery.outDate,
        lottery.commitment,
        lottery.createdBy,
        lottery.createdAt,
      ],
    );
    return toLottery(rows[0]);
  }

  async byCode(code: string): Promise<Lottery | null> {
    const { rows } = await this.pool.query(
      "SELECT * FROM lotteries WHERE code = $1 AND status <> 'deleted'",
      [code],
    );
    return rows[0] ? toLottery(rows[0]) : null;
  }

  async byId(id: number): Promise<Lottery | null> {
    const { rows } = await this.pool.query(
      "SELECT * FROM lotteries WHERE id = $1 AND status <> 'deleted'",
      [id],
    );
    return rows[0] ? toLottery(rows[0]) : null;
  }

  /** Lotteries still selling (before their out date), soonest out date first. */
  async selling(limit = 200): Promise<Lottery[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM lotteries WHERE status = 'open' AND out_date > now()
       ORDER BY out_date, id LIMIT $1`,
      [limit],
    );
    return rows.map(toLottery);
  }

  /** Lotteries whose out date has passed and that nobody has drawn yet, the oldest first. */
  async due(limit = 20): Promise<Lottery[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM lotteries WHERE status = 'open' AND out_date <= now()
       ORDER BY out_date, id LIMIT $1`,
      [limit],
    );
    return rows.map(toLottery);
  }

  /** Lotteries whose drawing or deletion a stopped process left half done. */
  async interrupted(): Promise<Lottery[]> {
    const { rows } = await this.pool.query(
      "SELECT * FROM lotteries WHERE status IN ('drawing', 'deleting') ORDER BY id",
    );
    return rows.map(toLottery);
  }

  /** Moves `from` → `to`; false when the lottery was not in `from` (someone else moved it). */
  async advance(id: number, from: LotteryStatus[], to: LotteryStatus): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "UPDATE lotteries SET status = $3 WHERE id = $1 AND status = ANY($2::text[])",
      [id, from, to],
    );
    return rowCount === 1;
  }

  /** Sales close: open → drawing, when it closed recorded; null when it was not open. */
  async close(id: number): Promise<Date | null> {
    const { rows } = await this.pool.query(
      `UPDATE lotteries SET status = 'drawing', closed_at = now()
       WHERE id = $1 AND status = 'open' RETURNING closed_at`,
      [id],
    );
    return rows[0] ? new Date(rows[0].closed_at) : null;
  }

  async setOutDate(id: number, outDate: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "UPDATE lotteries SET out_date = $2 WHERE id = $1 AND status = 'open'",
      [id, outDate],
    );
    return rowCount === 1;
  }

  /**
   * Records the drawing once: a repeat keeps the first time (the reveal counts from it). Nothing
   * is paid yet: the room pays when the reveal ends (`recordPaid`).
   */
  async recordDrawing(id: number, serverSeed: string, winners: LotteryWinner[]): Promise<Date> {
    const { rows } = await this.pool.query(
      `UPDATE lotteries SET status = 'drawn', server_seed = $2, winners = $3,
         drawn_at = COALESCE(drawn_at, now()) WHERE id = $1 RETURNING drawn_at`,
      [id, serverSeed, JSON.stringify(winners)],
    );
    return new Date(rows[0].drawn_at);
  }

  /** The prizes were paid (the round settled in the ledger): the lottery's room is done. */
  async recordPaid(id: number): Promise<void> {
    await this.pool.query(
      "UPDATE lotteries SET paid_at = COALESCE(paid_at, now()) WHERE id = $1 AND status = 'drawn'",
      [id],
    );
  }

  /** Tickets sold per lottery (the projection's held tickets). */
  async ticketsSold(roundIds: string[]): Promise<Map<string, number>> {
    const { rows } = await this.pool.query(
      `SELECT round_id, count(*)::int AS sold FROM lottery_tickets
       WHERE round_id = ANY($1::text[]) AND status <> 'returned' GROUP BY round_id`,
      [roundIds],
    );
    return new Map(rows.map((row) => [row.round_id, row.sold]));
  }
}
