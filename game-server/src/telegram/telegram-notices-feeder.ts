import {
  type EventStore,
  FOLLOWER_INTERVAL_MS,
  type RecordedEvent,
  type Subscription,
} from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type pg from "pg";
import { revealEnds } from "../games/lottery/lottery-reveal.ts";
import { MoneyNotices } from "../realtime/money-notices.ts";
import type { Worker } from "../workers/background-workers.ts";
import type { ProjectionsProgress } from "../workers/projections-progress.ts";
import { noticeMessage, TELEGRAM_NOTICE_KINDS } from "./notice-messages.ts";
import type { TelegramOutbox } from "./telegram-outbox.ts";

const CHECKPOINT = "telegram-notices";

/**
 * Follows the ledger from its own checkpoint and queues a bot message for each money notice
 * (deposit approved, withdrawal paid, lottery won) of a player who signed in from the Mini App
 * and let the bot write to them. A batch is queued, then the checkpoint saved: a crash in
 * between queues the batch again, which the outbox keeps once. It starts, the first time, where
 * the read models are: no message for money decided before it ran. A lottery's result is queued
 * not to be sent before its room has revealed the drawing (lottery-reveal.ts).
 */
export class TelegramNoticesFeeder implements Worker {
  private subscription: Subscription | null = null;
  private stopping = false;
  private readonly notices: MoneyNotices;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly progress: ProjectionsProgress,
    private readonly outbox: TelegramOutbox,
    private readonly currency: string,
    private readonly queued: () => void,
    private readonly onError: (error: unknown) => void,
    /** The pause between two winners a lottery's room reveals: its messages wait for the last. */
    private readonly revealEveryMs: number,
  ) {
    this.notices = new MoneyNotices(pool);
  }

  async start() {
    this.stopping = false;
    const after = (await this.checkpoint()) ?? (await loadCheckpoint(this.pool));
    this.subscription = this.store.subscribe({
      after,
      minIntervalMs: FOLLOWER_INTERVAL_MS,
      onEvents: (events) => this.queue(events),
      onError: this.onError,
    });
  }

  async stop() {
    this.stopping = true;
    await this.subscription?.stop();
  }

  private async queue(events: RecordedEvent[]) {
    if (!MoneyNotices.anyIn(events)) return;
    const last = events.at(-1)!.position;
    // The notices read the request and ticket read models: they must hold these events first.
    while (!(await this.progress.reach(last)))
      if (this.stopping) throw new Error("Stopping before the read models caught up.");
    const addressed = (await this.notices.of(events, "everyone")).filter(({ notice }) =>
      TELEGRAM_NOTICE_KINDS.has(notice.kind),
    );
    const chats = await this.chatsOf(addressed.map(({ userId }) => userId));
    const messages = addressed.flatMap(({ userId, notice, reveal }) => {
      const chatId = chats.get(userId);
      const text = noticeMessage(notice, this.currency);
      const notBefore = reveal
        ? new Date(revealEnds(reveal.drawnAt, reveal.winners, this.revealEveryMs))
        : undefined;
      return chatId && text ? [{ eventId: notice.id, userId, chatId, text, notBefore }] : [];
    });
    if ((await this.outbox.enqueue(messages)) > 0) this.queued();
    await this.pool.query(
      `INSERT INTO checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [CHECKPOINT, last],
    );
  }

  /** The Telegram chats of the players who let the bot write to them (a user's chat is their id). */
  private async chatsOf(userIds: string[]) {
    if (userIds.length === 0) return new Map<string, string>();
    const { rows } = await this.pool.query<{ id: string; telegram_id: string }>(
      `SELECT id, telegram_id FROM users
        WHERE id = ANY($1) AND telegram_id IS NOT NULL AND telegram_notices`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.id, row.telegram_id]));
  }

  private async checkpoint(): Promise<string | undefined> {
    const { rows } = await this.pool.query("SELECT position FROM checkpoints WHERE name = $1", [
      CHECKPOINT,
    ]);
    return rows[0]?.position ?? undefined;
  }
}
