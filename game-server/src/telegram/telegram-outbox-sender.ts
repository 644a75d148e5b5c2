import type { Worker } from "../workers/background-workers.ts";
import type { BotApi } from "./bot-api.ts";
import type { OutboxMessage, TelegramOutbox } from "./telegram-outbox.ts";

export interface SenderOptions {
  /** The least time between two messages (the Bot API allows about 30 a second in all). */
  intervalMs: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** Tries before a message is given up (its row stays, `failed`, with the last error). */
  maxAttempts?: number;
  /** How often the outbox is read while nothing tells of new messages. */
  idlePollMs?: number;
  log(message: string, error?: unknown): void;
}

const HOUR_MS = 3_600_000;

/**
 * Drains the outbox one message at a time through the Bot API's sendMessage: a message is marked
 * sent once Telegram accepted it, so each is sent once (but for a crash in the instant between
 * Telegram's answer and that mark). A 429 pauses every send for its `retry_after`; a failure
 * is tried again later, with growing delays; a refusal (the player blocked the bot) is final.
 */
export class TelegramOutboxSender implements Worker {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Until when every send waits (Telegram's retry_after, the interval between messages). */
  private pausedUntil = 0;

  constructor(
    private readonly outbox: TelegramOutbox,
    private readonly bot: BotApi,
    private readonly options: SenderOptions,
  ) {}

  async start() {
    this.stopped = false;
    this.running = this.loop();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  /** New messages were queued: look now rather than at the next poll (a pause still holds). */
  nudge() {
    this.wake?.();
  }

  private async loop() {
    while (!this.stopped) {
      const paused = this.pausedUntil - Date.now();
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      try {
        const message = await this.outbox.nextDue();
        if (!message) {
          await this.sleep(this.options.idlePollMs ?? 1_000);
          continue;
        }
        const pauseMs = await this.send(message);
        this.pausedUntil = Date.now() + Math.max(pauseMs, this.options.intervalMs);
      } catch (error) {
        this.options.log("Telegram outbox error; retrying.", error);
        await this.sleep(5_000);
      }
    }
  }

  /** Sends one message; returns how long every send must wait now (a 429's retry_after). */
  private async send(message: OutboxMessage): Promise<number> {
    const answer = await this.bot.call("sendMessage", {
      chat_id: Number(message.chat_id),
      text: message.text,
    });
    switch (answer.outcome) {
      case "done":
        await this.outbox.sent(message.id);
        return 0;
      case "rate-limited": {
        const waitMs = answer.retryAfterSeconds * 1000;
        await this.outbox.postpone(message.id, waitMs, answer.description);
        return waitMs;
      }
      case "failed": {
        const delay = Math.min(
          (this.options.retryBaseMs ?? 2_000) * 2 ** message.attempts,
          HOUR_MS,
        );
        await this.outbox.failed(
          message,
          answer.description,
          delay,
          this.options.maxAttempts ?? 12,
        );
        return 0;
      }
      case "refused":
        await this.outbox.refused(message.id, answer.description);
        this.options.log(
          `Telegram refused a notice for chat ${message.chat_id}: ${answer.description}`,
        );
        return 0;
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
