import {
  type EventStore,
  type Ledger,
  parseStreamId,
  type RecordedEvent,
  type Subscription,
} from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type { MoneyNotice } from "@igp/shared";
import type pg from "pg";
import { walletBalances } from "../accounts/session.ts";
import { revealEnds } from "../games/lottery/lottery-reveal.ts";
import type { ProjectionsProgress } from "../workers/projections-progress.ts";
import { MoneyNotices } from "./money-notices.ts";

export type Balances = Awaited<ReturnType<typeof walletBalances>>;
/**
 * `balanceUpdated` with both balances; once the read models hold a move of the deposit or
 * withdrawal lists, `listsUpdated`, and `moneyNotice` for a decision about the player's money.
 */
type Listener = (
  type: "balanceUpdated" | "listsUpdated" | "moneyNotice",
  payload: Balances | MoneyNotice | object,
) => void;

/**
 * Follows the ledger in every process and tells this process' player rooms when their user's
 * wallet moved (deposits approved, stakes, payouts, refunds), with balances folded from the
 * wallet stream itself, and when their money was decided (money-notices.ts). It starts near the
 * head (the projections' checkpoint): a client reads its balances when it connects, so nothing
 * older matters. Each process tells only its own rooms, so each event is told once per room.
 */
export class BalanceNotifier {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: Subscription | null = null;
  private readonly notices: MoneyNotices;
  /** Lottery notices waiting for their drawing's reveal. */
  private readonly waiting = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly pool: pg.Pool,
    private readonly progress: ProjectionsProgress,
    private readonly onError: (error: unknown) => void,
    /** The pause between two winners a lottery's room reveals: its notices wait for the last. */
    private readonly revealEveryMs: number,
  ) {
    this.notices = new MoneyNotices(pool);
  }

  async start() {
    this.subscription = this.store.subscribe({
      after: await loadCheckpoint(this.pool),
      onEvents: async (events) => {
        const moved = this.watchedWalletsMoved(events);
        for (const [userId, { revision, round }] of moved) {
          const balances = await walletBalances(this.ledger, userId, revision);
          this.tell(userId, "balanceUpdated", round ? { ...balances, round } : balances);
        }
        const decided = this.listeners.size > 0 && MoneyNotices.anyIn(events);
        const listsMoved = [...moved].filter(([, { lists }]) => lists).map(([userId]) => userId);
        if (listsMoved.length === 0 && !decided) return;
        // The player's lists (deposits, withdrawals) show the move once the read models hold
        // it: said apart, so that balances never wait for them. The notices go with them, so
        // that a list read on a notice shows what it tells.
        void this.progress
          .reach(events.at(-1)!.position)
          .then(async () => {
            for (const userId of listsMoved) this.tell(userId, "listsUpdated", {});
            if (!decided) return;
            const watched = new Set(this.listeners.keys());
            for (const { userId, notice, reveal } of await this.notices.of(events, watched))
              this.tellAt(reveal ? this.revealed(reveal) : 0, userId, notice);
          })
          .catch(this.onError);
      },
      onError: this.onError,
    });
  }

  async stop() {
    await this.subscription?.stop();
    for (const timer of this.waiting) clearTimeout(timer);
    this.waiting.clear();
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
   * The watched users whose wallet moved in these events, with its newest revision seen, the
   * last round that credited it among them (a payout or a refund, which a screen may hold back
   * until that round's animation lands), and whether a move was other than a round's (a stake,
   * a payout, a refund: no deposit or withdrawal list shows those, so no `listsUpdated`).
   */
  private watchedWalletsMoved(events: RecordedEvent[]) {
    const moved = new Map<string, { revision: number; round?: string; lists: boolean }>();
    for (const event of events) {
      if (!event.streamId.startsWith("wallet-")) continue;
      const userId = parseStreamId(event.streamId).id;
      if (!this.listeners.has(userId)) continue;
      const seen = moved.get(userId);
      const round = roundCrediting(event);
      moved.set(userId, {
        revision: Math.max(seen?.revision ?? -1, event.revision),
        round: round ?? seen?.round,
        lists: (seen?.lists ?? false) || (round === undefined && event.type !== "StakePlaced"),
      });
    }
    return moved;
  }

  /** When a lottery's room has revealed its last winner (lottery-reveal.ts). */
  private revealed({ drawnAt, winners }: { drawnAt: number; winners: number }) {
    return revealEnds(drawnAt, winners, this.revealEveryMs);
  }

  /**
   * A money notice, told at `at`: a lottery's win or loss once everyone has seen the drawing,
   * so that the holders watching it are not told ahead of it (and their lists read on the notice
   * show the drawing: the API tells it from then on).
   */
  private tellAt(at: number, userId: string, notice: MoneyNotice) {
    const wait = at - Date.now();
    if (wait <= 0) return this.tell(userId, "moneyNotice", notice);
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.tell(userId, "moneyNotice", notice);
    }, wait);
    this.waiting.add(timer);
  }

  private tell(userId: string, type: Parameters<Listener>[0], payload: Parameters<Listener>[1]) {
    for (const listener of this.listeners.get(userId) ?? []) listener(type, payload);
  }
}

/** The round a wallet event was credited from, if it was. */
function roundCrediting(event: RecordedEvent): string | undefined {
  if (event.type !== "WalletCredited") return undefined;
  const from = parseStreamId((event.data as { from: string }).from);
  return from.kind === "round" ? from.id : undefined;
}
