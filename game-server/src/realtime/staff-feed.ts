import {
  comparePositions,
  type EventStore,
  FOLLOWER_INTERVAL_MS,
  parseStreamId,
  type RecordedEvent,
  type Subscription,
} from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import { minorToMajor, type RequestChange, type RequestsChanged } from "@igp/shared";
import type pg from "pg";
import type { ProjectionsProgress } from "../workers/projections-progress.ts";

type Listener = (message: RequestsChanged) => void;

/** The most events a catch-up reads: a screen away longer reads its lists again instead. */
const CATCH_UP_EVENTS = 20_000;

/** What a request event changes for the back office's lists, if anything. */
export function requestChangeOf(event: RecordedEvent): RequestChange | null {
  const data = event.data as { method?: "bank" | "agent"; amount?: number };
  const { kind, id } = parseStreamId(event.streamId);
  const asked = (): RequestChange => ({
    kind: kind as RequestChange["kind"],
    id,
    status: "pending",
    method: data.method ?? null,
    amount: data.amount === undefined ? null : minorToMajor(data.amount),
  });
  const decided = (status: "approved" | "disapproved"): RequestChange => ({
    kind: kind as RequestChange["kind"],
    id,
    status,
    method: null,
    amount: null,
  });
  switch (event.type) {
    case "DepositRequested":
    case "WithdrawalRequested":
    case "ChargeRequested":
      return asked();
    case "BankDepositApproved":
    case "AgentDepositApproved":
    case "WithdrawalApproved":
    case "ChargeApproved":
      return decided("approved");
    case "DepositDisapproved":
    case "WithdrawalDisapproved":
    case "ChargeDisapproved":
      return decided("disapproved");
    default:
      return null;
  }
}

/**
 * Follows the ledger in every process (as the balance notifier does) and tells this process'
 * staff rooms of every new and decided request, once the read models hold it (so that a list
 * read on the message shows it). Each process reads the one shared ledger, so a staff screen on
 * any process hears of a request made or decided on any other. A reconnected screen asks for
 * what it missed after its last position (`catchUp`).
 */
export class StaffFeed {
  private readonly listeners = new Set<Listener>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly progress: ProjectionsProgress,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start() {
    this.subscription = this.store.subscribe({
      after: await loadCheckpoint(this.pool),
      // It tells what the read models hold: no sooner than the projections' own batches.
      minIntervalMs: FOLLOWER_INTERVAL_MS,
      onEvents: async (events) => {
        if (this.listeners.size === 0) return;
        const changes = events.flatMap((event) => requestChangeOf(event) ?? []);
        if (changes.length === 0) return;
        const position = events.at(-1)!.position;
        void this.progress
          .reach(position)
          .then(() => {
            for (const listener of this.listeners) listener({ changes, position, resync: false });
          })
          .catch(this.onError);
      },
      onError: this.onError,
    });
  }

  async stop() {
    await this.subscription?.stop();
  }

  watch(listener: Listener) {
    this.listeners.add(listener);
  }

  unwatch(listener: Listener) {
    this.listeners.delete(listener);
  }

  /**
   * The changes after `after` up to the head, once the lists hold them; `resync` when more than
   * CATCH_UP_EVENTS events were missed, or when the screen had no position yet.
   */
  async catchUp(after: string | null): Promise<RequestsChanged> {
    const head = await this.head();
    if (after === null) return { changes: [], position: head, resync: true };
    const changes: RequestChange[] = [];
    let position = after;
    for (let read = 0; read < CATCH_UP_EVENTS; ) {
      const events = await this.store.readAll({ after: position, maxCount: 1_000 });
      if (events.length === 0) {
        await this.progress.reach(position);
        return { changes, position, resync: false };
      }
      for (const event of events) {
        const change = requestChangeOf(event);
        if (change) changes.push(change);
      }
      position = events.at(-1)!.position;
      read += events.length;
    }
    return { changes: [], position: head, resync: true };
  }

  /** The newest position the read models hold: where a screen that reads its lists now starts. */
  private async head(): Promise<string | null> {
    return (await loadCheckpoint(this.pool)) ?? null;
  }
}

/** Whether `a` is after `b` (null is before everything). */
export const isAfter = (a: string, b: string | null) => b === null || comparePositions(a, b) > 0;
