import type pg from "pg";

export interface OutboxMessage {
  id: string;
  chat_id: string;
  text: string;
  attempts: number;
}

/**
 * The bot messages to send (table telegram_outbox): one row per event and player, so that a
 * notice queued twice (the ledger read again after a restart) is still sent once.
 */
export class TelegramOutbox {
  constructor(private readonly db: pg.Pool) {}

  /**
   * Queues messages; those already queued for the same event and player are left as they are.
   * A message with `notBefore` is not sent before that time (a lottery's result waits for its
   * room's reveal).
   */
  async enqueue(
    messages: { eventId: string; userId: string; chatId: string; text: string; notBefore?: Date }[],
  ) {
    if (messages.length === 0) return 0;
    const { rowCount } = await this.db.query(
      `INSERT INTO telegram_outbox (event_id, user_id, chat_id, text, next_attempt_at)
       SELECT event_id, user_id, chat_id, text, greatest(now(), coalesce(not_before, now()))
         FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::text[], $5::timestamptz[])
           AS m (event_id, user_id, chat_id, text, not_before)
       ON CONFLICT (event_id, user_id) DO NOTHING`,
      [
        messages.map((m) => m.eventId),
        messages.map((m) => m.userId),
        messages.map((m) => m.chatId),
        messages.map((m) => m.text),
        messages.map((m) => m.notBefore ?? null),
      ],
    );
    return rowCount ?? 0;
  }

  /** The message due first, if any. */
  async nextDue(): Promise<OutboxMessage | null> {
    const { rows } = await this.db.query<OutboxMessage>(
      `SELECT id, chat_id, text, attempts FROM telegram_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  async sent(id: string) {
    await this.db.query(
      `UPDATE telegram_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1
        WHERE id = $1`,
      [id],
    );
  }

  /** A failed try: again after `delayMs`, or given up once `attempts` reach `maxAttempts`. */
  async failed(message: OutboxMessage, error: string, delayMs: number, maxAttempts: number) {
    await this.db.query(
      `UPDATE telegram_outbox
          SET attempts = attempts + 1, last_error = $2,
              status = CASE WHEN attempts + 1 >= $4 THEN 'failed' ELSE 'pending' END,
              next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1`,
      [message.id, error.slice(0, 500), delayMs, maxAttempts],
    );
  }

  /** Refused for good (the player blocked the bot...): never tried again. */
  async refused(id: string, error: string) {
    await this.db.query(
      `UPDATE telegram_outbox SET status = 'failed', attempts = attempts + 1, last_error = $2
        WHERE id = $1`,
      [id, error.slice(0, 500)],
    );
  }

  /** Telegram asked to wait: the message is tried again then, and the attempt is not counted. */
  async postpone(id: string, delayMs: number, error: string) {
    await this.db.query(
      `UPDATE telegram_outbox
          SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000),
              last_error = $3
        WHERE id = $1`,
      [id, delayMs, error.slice(0, 500)],
    );
  }
}
