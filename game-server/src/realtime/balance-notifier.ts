import {
  type EventStore,
  type Ledger,
  parseStreamId,
  type RecordedEvent,
  type Subscription,
} from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type pg from "pg";
import { walletBalances } from "../accounts/session.ts";
import type { ProjectionsProgress } from "../workers/projections-progress.ts";

export type Balances = Awaited<ReturnType<typeof walletBalances>>;
/** `balanceUpdated` with both balances, or `listsUpdated` once the read models hold the move. */
type Listener = (type: "balanceUpdated" | "listsUpdated", payload: Balances | object) => void;

/**
 * Follows the ledger in every process and tells this process' player rooms when their user's
 * wallet moved (deposits approved, stakes, payouts, refunds), with balances folded from the
 * wallet stream itself. It starts near the head (the projections' checkpoint): a client reads
 * its balances when it connects, so nothing older matters.
 */
export class BalanceNotifier {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly pool: pg.Pool,
    private readonly progress: ProjectionsProgress,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start() {
    this.subscription = this.store.subscribe({
      after: await loadCheckpoint(this.pool),
      onEvents: async (events) => {
        const moved = this.watchedWalletsMoved(events);
        for (const [userId, { revision, round }] of moved) {
          const balances = await walletBalances(this.ledger, userId, revision);
          this.tell(userId, "balanceUpdated", round ? { ...balances, round } : balances);
        }
        if (moved.size === 0) return;
        // The player's lists (requests, their decisions) show the move once the read models
        // hold it: said apart, so that balances never wait for them.
        void this.progress.reach(events.at(-1)!.position).then(() => {
          for (const userId of moved.keys()) this.tell(userId, "listsUpdated", {});
        });
      },
      onError: this.onError,
    });
  }

  async stop() {
    await this.subscription?.stop();
  }

  watch(userId: string, listener: Listener) {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
  }

  unwatch(userId: string, listener: Listener) {
    const set = this.listeners.get(userId);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(userId);
  }

  current(userId: string): Promise<Balances> {
    return walletBalances(this.ledger, userId);
  }

  /**
   * The watched users whose wallet moved in these events, with its newest revision seen and the
   * last round that credited it among them (a payout or a refund, which a screen may hold back
   * until that round's animation lands).
   */
  private watchedWalletsMoved(events: RecordedEvent[]) {
    const moved = new Map<string, { revision: number; round?: string }>();
    for (const event of events) {
      if (!event.streamId.startsWith("wallet-")) continue;
      const userId = parseStreamId(event.streamId).id;
      if (!this.listeners.has(userId)) continue;
      const seen = moved.get(userId);
      moved.set(userId, {
        revision: Math.max(seen?.revision ?? -1, event.revision),
        round: roundCrediting(event) ?? seen?.round,
      });
    }
    return moved;
  }

  private tell(userId: string, type: Parameters<Listener>[0], payload: Balances | object) {
    for (const listener of this.listeners.get(userId) ?? []) listener(type, payload);
  }
}

/** The round a wallet event was credited from, if it was. */
function roundCrediting(event: RecordedEvent): string | undefined {
  if (event.type !== "WalletCredited") return undefined;
  const from = parseStreamId((event.data as { from: string }).from);
  return from.kind === "round" ? from.id : undefined;
}
