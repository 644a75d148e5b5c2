import type { EventMetadata } from "../domain/metadata.ts";
import { moneyEffect } from "../domain/money-flow.ts";
import { parseLedgerEvent } from "../domain/stream-kinds.ts";
import type { Transfer } from "../domain/transfer.ts";
import type { EventStore, RecordedEvent, Subscription } from "../event-store/event-store.ts";
import { FOLLOWER_INTERVAL_MS } from "../event-store/subscription-loop.ts";
import type { CheckpointStore } from "./checkpoint-store.ts";
import type { StoredEvent } from "./command-handler.ts";
import type { Ledger } from "./ledger.ts";

export interface TransferReactorOptions {
  /** How long a debit may wait for its credit before the reactor delivers it (the use case
   *  that made the debit normally credits it within milliseconds). */
  graceMs?: number;
  batchSize?: number;
  /** At most a batch per this many ms while appends keep coming (SubscribeOptions). */
  minIntervalMs?: number;
  name?: string;
  onError?: (error: unknown) => void;
}

interface Pending {
  transfer: Transfer;
  source: StoredEvent;
  seenAt: number;
  /** Read order, and the position just before the debit: the checkpoint may not pass it. */
  order: number;
  positionBefore: string | undefined;
}

const SYSTEM = { userId: "transfer-reactor", role: "system" } as const;

/**
 * Finishes every transfer whose credit is missing (docs/architecture.md, ledger rule 3). It
 * follows the global stream, remembers debits until their credits pass by, and delivers those still missing
 * after the grace period. Its checkpoint never moves past an unfinished debit, so a restart
 * finds it again; delivery is idempotent, so two reactors never credit twice.
 */
export class TransferReactor {
  private readonly pending = new Map<string, Pending>();
  private readonly graceMs: number;
  private readonly name: string;
  private lastPosition: string | undefined;
  private order = 0;
  private savedAt = 0;
  private subscription: Subscription | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly checkpoints: CheckpointStore,
    private readonly options: TransferReactorOptions = {},
  ) {
    this.graceMs = options.graceMs ?? 2_000;
    this.name = options.name ?? "transfer-reactor";
  }

  /** Follows the stream until stopped. */
  async start(): Promise<void> {
    this.lastPosition = await this.checkpoints.load(this.name);
    this.subscription = this.store.subscribe({
      after: this.lastPosition,
      batchSize: this.options.batchSize ?? 500,
      minIntervalMs: this.options.minIntervalMs ?? FOLLOWER_INTERVAL_MS,
      onEvents: async (events) => {
        this.observe(events);
        await this.deliverOverdue();
        await this.saveCheckpointNow(false);
      },
      onError: this.options.onError,
    });
    this.sweeper = setInterval(
      () => {
        this.deliverOverdue()
          .then(() => this.saveCheckpointNow(true))
          .catch((error) => this.options.onError?.(error));
      },
      Math.max(250, this.graceMs),
    );
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Reads to the head once and delivers everything missing, whatever its age (for tools, tests). */
  async runOnce(): Promise<number> {
    this.lastPosition = await this.checkpoints.load(this.name);
    for (;;) {
      const events = await this.store.readAll({ after: this.lastPosition, maxCount: 1000 });
      if (events.length === 0) break;
      this.observe(events);
    }
    const delivered = await this.deliverOverdue(Number.NEGATIVE_INFINITY);
    await this.saveCheckpointNow(true);
    return delivered;
  }

  /** Transfers debited and not yet seen credited. */
  get unfinished(): number {
    return this.pending.size;
  }

  private observe(events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = parseLedgerEvent(recorded.streamId, recorded.type, recorded.data);
      const effect = moneyEffect(event);
      if (effect.received) this.pending.delete(effect.received.transferId);
      const source: StoredEvent = {
        id: recorded.id,
        streamId: recorded.streamId,
        revision: recorded.revision,
        event,
        metadata: recorded.metadata as EventMetadata,
      };
      for (const transfer of effect.sent) {
        this.pending.set(transfer.id, {
          transfer,
          source,
          seenAt: Date.now(),
          order: this.order++,
          positionBefore: this.lastPosition,
        });
      }
      this.lastPosition = recorded.position;
    }
  }

  private async deliverOverdue(graceMs = this.graceMs): Promise<number> {
    const now = Date.now();
    let delivered = 0;
    for (const [id, item] of [...this.pending]) {
      if (now - item.seenAt < graceMs) continue;
      const ctx = {
        actor: SYSTEM,
        at: new Date().toISOString(),
        correlationId: item.source.metadata.correlationId,
      };
      try {
        await this.ledger.transfers.deliver(item.transfer, item.source, ctx);
        this.pending.delete(id);
        delivered++;
      } catch (error) {
        // Stays pending (and holds the checkpoint back); the next sweep tries again.
        this.options.onError?.(error);
      }
    }
    return delivered;
  }

  /**
   * Saves how far the reactor got: always when `force`d (the sweep, a run to the head), else at
   * most once a second. A checkpoint behind the truth only makes a restart re-read a little more.
   */
  private async saveCheckpointNow(force: boolean) {
    const now = Date.now();
    if (!force && now - this.savedAt < 1_000) return;
    this.savedAt = now;
    await this.checkpoints.save(this.name, this.safeCheckpoint());
  }

  /** The last position read, or just before the oldest debit still waiting for its credit. */
  private safeCheckpoint(): string | undefined {
    let oldest: Pending | undefined;
    for (const item of this.pending.values()) {
      if (!oldest || item.order < oldest.order) oldest = item;
    }
    return oldest ? oldest.positionBefore : this.lastPosition;
  }
}
