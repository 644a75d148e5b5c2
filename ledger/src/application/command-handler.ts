import { LRUCache } from "lru-cache";
import { LedgerError } from "../domain/ledger-error.ts";
import type { EventMetadata } from "../domain/metadata.ts";
import { kindOfStream, type LedgerEvent, parseLedgerEvent } from "../domain/stream-kinds.ts";
import {
  type EventStore,
  InvalidEventError,
  type NewEvent,
  type StreamAppend,
  WrongExpectedRevisionError,
} from "../event-store/event-store.ts";
import { MAX_EVENTS_PER_APPEND } from "../event-store/validate-new-events.ts";
import { type AcrossCommand, decideAcrossInTurn } from "./across-batch.ts";
import { KeyedQueue } from "./keyed-queue.ts";
import {
  type Decide,
  expectedOf,
  type Snapshot,
  type StoredEvent,
  type StreamDecision,
  stored,
  toNewEvent,
} from "./stream-snapshot.ts";

export type { Decide, StoredEvent, StreamDecision } from "./stream-snapshot.ts";

export interface CommandHandlerOptions {
  /** Attempts per command when other writers keep moving the stream. */
  maxAttempts?: number;
  /** Stream states kept in memory, so a command usually costs one round trip. */
  cacheSize?: number;
}

export interface CommandResult<State> {
  /** The events the command stored, or the original ones when it was a duplicate. */
  events: StoredEvent[];
  state: State;
  duplicate: boolean;
}

/** What a decision spanning two streams stored in each. */
export interface AcrossResult<First, Second> {
  first: CommandResult<First>;
  second: CommandResult<Second>;
}

interface BatchedCommand {
  decide: Decide<unknown>;
  metadata: EventMetadata;
  eventIds: (index: number) => string;
  resolve(result: CommandResult<unknown>): void;
  reject(error: unknown): void;
}

type WaitingAcross = AcrossCommand & {
  resolve(result: AcrossResult<unknown, unknown>): void;
  reject(error: unknown): void;
};

/** A credit stored with the decision that sends it (see `executeWithCredits`). */
export interface Credit {
  streamId: string;
  event: LedgerEvent;
  id: string;
  metadata: EventMetadata;
}

/** What a decision stored, with the credits stored in the same append (null: none were). */
export interface CreditedResult<State> {
  result: CommandResult<State>;
  credits: StoredEvent[] | null;
}

/** One command of a batch as decided: its events, or the refusal it got. */
type Decided = { events: LedgerEvent[] } | { error: unknown };

/**
 * Commands in one batched append. Each stores an event or two (a stake received, or returned),
 * so a full batch stays within the store's events per append: a larger one would be refused as
 * a whole and run one command per append, the slowest way (a lottery's 200 buyers at once).
 */
const MAX_BATCHED_COMMANDS = MAX_EVENTS_PER_APPEND / 2;

/**
 * Decisions in one batched multi-stream append: a ticket stores one event in the round (two
 * when it comes back), so a batch fills the round's part of the append; those that do not fit
 * go with the next batch.
 */
const MAX_ACROSS_COMMANDS = MAX_EVENTS_PER_APPEND;

/**
 * Runs one decision against one stream: fold its state, decide, append with the exact expected
 * revision; on a conflict, catch up and decide again (bounded).
 * docs/architecture.md, ledger rule 1.
 */
export class CommandHandler {
  private readonly queue = new KeyedQueue();
  private readonly batches = new Map<string, BatchedCommand[]>();
  private readonly acrossBatches = new Map<string, WaitingAcross[]>();
  private readonly cache: LRUCache<string, Snapshot>;
  private readonly maxAttempts: number;

  constructor(
    readonly store: EventStore,
    options: CommandHandlerOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 20;
    this.cache = new LRUCache({ max: options.cacheSize ?? 50_000 });
  }

  /** The current state of a stream, read through to the store. */
  async load<State>(streamId: string): Promise<State> {
    return this.queue.run(streamId, async () => {
      const snapshot = await this.catchUp(streamId, this.cache.get(streamId));
      return snapshot.state as State;
    });
  }

  /**
   * The state of a stream at `revision` or later: the cached state when it is that recent (no
   * read), else read through to the store. For a reader who has just seen that revision's event.
   */
  async loadAtLeast<State>(streamId: string, revision: number): Promise<State> {
    const cached = this.cache.get(streamId);
    if (cached && cached.revision >= revision) return cached.state as State;
    return this.load<State>(streamId);
  }

  /**
   * `eventIds(i)` names the i-th event decided; give deterministic ids for steps that must
   * happen once (a transfer's credit), so that repeating the command is a no-op.
   */
  execute<State>(
    streamId: string,
    decide: Decide<State>,
    metadata: EventMetadata,
    eventIds: (index: number) => string,
  ): Promise<CommandResult<State>> {
    return this.queue.run(streamId, () => this.attempt(streamId, decide, metadata, eventIds));
  }

  /**
   * A decision spanning two streams, stored in one append (all or none) where the store can
   * (`atomicMultiStream`): `first` decides on its stream's state, then `second` gives the other
   * stream's decision from the events `first` decided (a stake's credit in the round, from its
   * debit in the wallet). Conflicts, refusals, retries and event ids are those of `execute` for
   * each stream. Both streams wait their turn, taken in name order so that two such decisions
   * never wait for each other. Where it cannot be one append (an adapter without atomic
   * multi-stream appends; a repeat of a command whose first step alone was stored by the
   * two-step path), the two decisions run one after the other, as two `execute`s.
   */
  executeAcross<First, Second>(
    firstStreamId: string,
    first: StreamDecision<First>,
    secondStreamId: string,
    second: (firstEvents: StoredEvent[]) => StreamDecision<Second>,
  ): Promise<AcrossResult<First, Second>> {
    const [one, other] = [firstStreamId, secondStreamId].sort();
    return this.queue.run(one!, () =>
      this.queue.run(other!, async () => {
        const together = this.store.atomicMultiStream
          ? await this.attemptAcross(firstStreamId, first, secondStreamId, second)
          : null;
        return together ?? this.oneAfterOther(firstStreamId, first, secondStreamId, second);
      }),
    );
  }

  private async oneAfterOther<First, Second>(
    firstStreamId: string,
    first: StreamDecision<First>,
    secondStreamId: string,
    second: (firstEvents: StoredEvent[]) => StreamDecision<Second>,
  ): Promise<AcrossResult<First, Second>> {
    const firstResult = await this.attempt(
      firstStreamId,
      first.decide,
      first.metadata,
      first.eventIds,
    );
    const { decide, metadata, eventIds } = second(firstResult.events);
    return {
      first: firstResult,
      second: await this.attempt(secondStreamId, decide, metadata, eventIds),
    };
  }

  /** Both streams' events in one append, or null when they cannot be stored as one. */
  private async attemptAcross<First, Second>(
    firstStreamId: string,
    first: StreamDecision<First>,
    secondStreamId: string,
    second: (firstEvents: StoredEvent[]) => StreamDecision<Second>,
  ): Promise<AcrossResult<First, Second> | null> {
    let a = this.cache.get(firstStreamId) ?? (await this.catchUp(firstStreamId, undefined));
    let b = this.cache.get(secondStreamId) ?? (await this.catchUp(secondStreamId, undefined));
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const decidedA = await this.decideOnLatest(firstStreamId, a, first.decide, first.eventIds);
      a = decidedA.snapshot;
      if (decidedA.original) {
        // Refused now, stored before (a stake repeated once its wallet is empty): the original
        // of both parts; the two-step path delivers the second when it alone is missing.
        const then = second(decidedA.original);
        const originalB = await this.storedBy(secondStreamId, then.eventIds);
        if (!originalB) return null;
        const repeat = <State>(events: StoredEvent[], state: unknown) =>
          ({ events, state: state as State, duplicate: true }) as CommandResult<State>;
        return {
          first: repeat<First>(decidedA.original, a.state),
          second: repeat<Second>(originalB, (await this.catchUp(secondStreamId, b)).state),
        };
      }
      if (decidedA.events.length === 0) {
        const none = (state: unknown) => ({ events: [], state, duplicate: false });
        return { first: none(a.state), second: none(b.state) } as AcrossResult<First, Second>;
      }
      const newA = decidedA.events.map((event, index) =>
        toNewEvent(firstStreamId, event, first.metadata, first.eventIds(index)),
      );
      // The first stream's events as they will be stored, at the revisions expected for them.
      const then = second(stored(firstStreamId, newA, a.revision + newA.length));
      const decidedB = await this.decideOnLatest(secondStreamId, b, then.decide);
      b = decidedB.snapshot;
      const newB = decidedB.events.map((event, index) =>
        toNewEvent(secondStreamId, event, then.metadata, then.eventIds(index)),
      );
      const parts = [
        { streamId: firstStreamId, events: newA, expected: expectedOf(a) },
        { streamId: secondStreamId, events: newB, expected: expectedOf(b) },
      ].filter((part) => part.events.length > 0);
      try {
        const [resultA, resultB] = await this.store.appendMany(parts);
        if (resultA!.duplicate) {
          return {
            first: await this.original<First>(firstStreamId, newA, resultA!.nextRevision),
            second: resultB
              ? await this.original<Second>(secondStreamId, newB, resultB.nextRevision)
              : { events: [], state: b.state as Second, duplicate: false },
          };
        }
        a = this.remember(firstStreamId, a, decidedA.events, resultA!.nextRevision);
        if (resultB) b = this.remember(secondStreamId, b, decidedB.events, resultB.nextRevision);
        return {
          first: {
            events: stored(firstStreamId, newA, resultA!.nextRevision),
            state: a.state as First,
            duplicate: false,
          },
          second: {
            events: resultB ? stored(secondStreamId, newB, resultB.nextRevision) : [],
            state: b.state as Second,
            duplicate: false,
          },
        };
      } catch (error) {
        if (error instanceof InvalidEventError) return null;
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (error.streamId === firstStreamId) a = await this.catchUp(firstStreamId, a);
        else b = await this.catchUp(secondStreamId, b);
        await jitter(attempt);
      }
    }
    throw new LedgerError("conflict", "The account is busy; please try again.");
  }

  /**
   * `executeAcross` for decisions that share their second stream, a hot one (a lottery's round,
   * where many wallets' tickets arrive at once): the decisions that arrive while that stream's
   * previous append runs are decided in turn (each wallet on what its previous decision left,
   * the round numbering each ticket) and stored in ONE multi-stream append, all or none: every
   * debit with its credit. A decision refused on its first stream (a wallet too short) is refused
   * alone; the others go through. A batch that cannot be stored whole (a repeat of a command
   * already stored) runs one decision at a time. The streams are taken in name order, the shared
   * one first (a round before its wallets, as `executeAcross` takes them); a decision whose first
   * stream would come before it runs on its own. Without atomic multi-stream appends: one at a
   * time, as `executeAcross`.
   */
  executeBatchedAcross<First, Second>(
    firstStreamId: string,
    first: StreamDecision<First>,
    secondStreamId: string,
    second: (firstEvents: StoredEvent[]) => StreamDecision<Second>,
  ): Promise<AcrossResult<First, Second>> {
    if (!this.store.atomicMultiStream || firstStreamId < secondStreamId)
      return this.executeAcross(firstStreamId, first, secondStreamId, second);
    return new Promise((resolve, reject) => {
      const command = { firstStreamId, first, second, resolve, reject } as WaitingAcross;
      const waiting = this.acrossBatches.get(secondStreamId);
      if (waiting && waiting.length < MAX_ACROSS_COMMANDS) return void waiting.push(command);
      const batch = [command];
      this.acrossBatches.set(secondStreamId, batch);
      void this.queue.run(secondStreamId, () => {
        if (this.acrossBatches.get(secondStreamId) === batch)
          this.acrossBatches.delete(secondStreamId);
        const firsts = [...new Set(batch.map((c) => c.firstStreamId))].sort();
        return this.inTurns(firsts, () => this.runAcrossBatch(secondStreamId, batch));
      });
    });
  }

  /** Runs `task` holding the turns of every stream named, taken in the order given. */
  private inTurns<T>(streamIds: string[], task: () => Promise<T>): Promise<T> {
    const [streamId, ...rest] = streamIds;
    if (streamId === undefined) return task();
    return this.queue.run(streamId, () => this.inTurns(rest, task));
  }

  private async runAcrossBatch(secondStreamId: string, batch: WaitingAcross[]) {
    try {
      const decided =
        batch.length > 1 ? await this.attemptAcrossBatch(secondStreamId, batch) : null;
      for (const [index, command] of batch.entries()) {
        const result = decided?.[index];
        if (!result) continue;
        if ("alone" in result) {
          // Past what one append holds (tickets coming back take two events): the next batch.
          const { firstStreamId, first, second } = command;
          this.executeBatchedAcross(firstStreamId, first, secondStreamId, second).then(
            command.resolve,
            command.reject,
          );
          continue;
        }
        if ("error" in result && result.error instanceof LedgerError)
          // Refused in the batch: alone, where a repeat of a stored command is recognised.
          await this.acrossNow(
            command.firstStreamId,
            command.first,
            secondStreamId,
            command.second,
          ).then(command.resolve, command.reject);
        else if ("error" in result) command.reject(result.error);
        else
          command.resolve({
            first: { ...result.first, duplicate: false },
            second: { ...result.second, duplicate: false },
          });
      }
      for (const command of decided ? [] : batch) {
        const { firstStreamId, first, second } = command;
        await this.acrossNow(firstStreamId, first, secondStreamId, second).then(
          command.resolve,
          command.reject,
        );
      }
    } catch (error) {
      for (const command of batch) command.reject(error);
    }
  }

  /** `executeAcross` for a caller that holds both streams' turns already. */
  private async acrossNow<First, Second>(
    firstStreamId: string,
    first: StreamDecision<First>,
    secondStreamId: string,
    second: (firstEvents: StoredEvent[]) => StreamDecision<Second>,
  ): Promise<AcrossResult<First, Second>> {
    const together = this.store.atomicMultiStream
      ? await this.attemptAcross(firstStreamId, first, secondStreamId, second)
      : null;
    return together ?? this.oneAfterOther(firstStreamId, first, secondStreamId, second);
  }

  /**
   * The batch in one multi-stream append: each command's result, its refusal, or `alone`; null
   * when the batch must run one command at a time.
   */
  private async attemptAcrossBatch(secondStreamId: string, batch: AcrossCommand[]) {
    const streamIds = [secondStreamId, ...new Set(batch.map((c) => c.firstStreamId))];
    const snapshots = new Map(
      await Promise.all(
        streamIds.map(
          async (id) => [id, this.cache.get(id) ?? (await this.catchUp(id, undefined))] as const,
        ),
      ),
    );
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      let { decided, appends } = decideAcrossInTurn(secondStreamId, snapshots, batch);
      // A refusal is only trusted on fresh state (as in decideOnLatest).
      const stale = decided.flatMap((d) =>
        "error" in d && !snapshots.get(d.streamId)!.fresh ? [d.streamId] : [],
      );
      if (stale.length > 0) {
        for (const id of new Set(stale))
          snapshots.set(id, await this.catchUp(id, snapshots.get(id)));
        ({ decided, appends } = decideAcrossInTurn(secondStreamId, snapshots, batch));
      }
      if (appends.length === 0) return decided;
      try {
        const results = await this.store.appendMany(appends);
        if (results.some((result) => result.duplicate)) return null;
        for (const [i, { streamId, events }] of appends.entries()) {
          const base = snapshots.get(streamId)!;
          this.remember(streamId, base, events.map(asLedgerEvent), results[i]!.nextRevision);
        }
        return decided;
      } catch (error) {
        if (error instanceof InvalidEventError) return null;
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        snapshots.set(
          error.streamId,
          await this.catchUp(error.streamId, snapshots.get(error.streamId)),
        );
        await jitter(attempt);
      }
    }
    throw new LedgerError("conflict", "The account is busy; please try again.");
  }

  /**
   * A decision on one stream whose events send money to other streams, stored in ONE append with
   * those streams' credits, all or none (a round's settlement with its winners' credits, a
   * batch of a cancellation's refunds with the refunded wallets' credits). `credits` gives them
   * from the events as they will be stored, or null when they cannot go in one append (the
   * caller then delivers them in turn, and so does a store without atomic multi-stream appends:
   * `credits` is then null). A credit must not depend on its stream's state (a wallet's credit,
   * which is never refused): it is appended at whatever revision its stream has, with no turn
   * taken, so the wallets of thousands of refunds cost no read.
   */
  executeWithCredits<State>(
    streamId: string,
    decision: StreamDecision<State>,
    credits: (events: StoredEvent[]) => Credit[] | null,
  ): Promise<CreditedResult<State>> {
    return this.queue.run(streamId, async () => {
      const { decide, metadata, eventIds } = decision;
      if (!this.store.atomicMultiStream)
        return { result: await this.attempt(streamId, decide, metadata, eventIds), credits: null };
      let snapshot = this.cache.get(streamId) ?? (await this.catchUp(streamId, undefined));
      for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
        const decided = await this.decideOnLatest(streamId, snapshot, decide, eventIds);
        snapshot = decided.snapshot;
        if (decided.original) {
          // Stored before, refused now: its credits are delivered in turn (each once).
          const state = snapshot.state as State;
          return { result: { events: decided.original, state, duplicate: true }, credits: null };
        }
        if (decided.events.length === 0)
          return {
            result: { events: [], state: snapshot.state as State, duplicate: false },
            credits: [],
          };
        const newEvents = decided.events.map((event, index) =>
          toNewEvent(streamId, event, metadata, eventIds(index)),
        );
        const sent = stored(streamId, newEvents, snapshot.revision + newEvents.length);
        const due = credits(sent);
        if (!due)
          return {
            result: await this.attempt(streamId, decide, metadata, eventIds),
            credits: null,
          };
        const parts = creditAppends(due);
        try {
          const [own, ...others] = await this.store.appendMany([
            { streamId, events: newEvents, expected: expectedOf(snapshot) },
            ...parts,
          ]);
          if (own!.duplicate)
            return {
              result: await this.original<State>(streamId, newEvents, own!.nextRevision),
              credits: [],
            };
          snapshot = this.remember(streamId, snapshot, decided.events, own!.nextRevision);
          const creditsStored = parts.flatMap((part, i) => {
            this.credited(part.streamId, part.events.map(asLedgerEvent), others[i]!.nextRevision);
            return stored(part.streamId, part.events, others[i]!.nextRevision);
          });
          const result = { events: sent, state: snapshot.state as State, duplicate: false };
          return { result, credits: creditsStored };
        } catch (error) {
          // Stored before without its credits (by the two-step path): they are delivered in turn.
          if (error instanceof InvalidEventError)
            return {
              result: await this.attempt(streamId, decide, metadata, eventIds),
              credits: null,
            };
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (error.streamId === streamId) snapshot = await this.catchUp(streamId, snapshot);
          await jitter(attempt);
        }
      }
      throw new LedgerError("conflict", "The account is busy; please try again.");
    });
  }

  /**
   * Keeps a cached state true after credits appended without its turn: advanced when the cache
   * held the revision just before them, forgotten when it is older (read again when needed).
   */
  private credited(streamId: string, events: LedgerEvent[], nextRevision: number) {
    const cached = this.cache.get(streamId);
    if (!cached || cached.revision >= nextRevision) return;
    if (cached.revision === nextRevision - events.length)
      this.remember(streamId, cached, events, nextRevision);
    else this.cache.delete(streamId);
  }

  /**
   * Like `execute`, for a hot stream (a lottery's round, where many wallets' stakes arrive at
   * once): the commands that arrive while the stream's previous append is running are decided
   * one after the other on the evolving state and stored in one append, so the stream costs a
   * round trip per batch rather than per command. Each command still gets its own events or its
   * own refusal. If the batch cannot be stored as a whole (a command repeated with ids already
   * stored), its commands run one by one.
   */
  executeBatched<State>(
    streamId: string,
    decide: Decide<State>,
    metadata: EventMetadata,
    eventIds: (index: number) => string,
  ): Promise<CommandResult<State>> {
    return new Promise((resolve, reject) => {
      const waiting = this.batches.get(streamId);
      const command = { decide, metadata, eventIds, resolve, reject } as BatchedCommand;
      if (waiting && waiting.length < MAX_BATCHED_COMMANDS) return void waiting.push(command);
      const batch = [command];
      this.batches.set(streamId, batch);
      void this.queue.run(streamId, () => {
        if (this.batches.get(streamId) === batch) this.batches.delete(streamId);
        return this.runBatch(streamId, batch);
      });
    });
  }

  private async runBatch(streamId: string, batch: BatchedCommand[]) {
    try {
      const results = batch.length === 1 ? null : await this.attemptBatch(streamId, batch);
      if (!results) {
        for (const command of batch) {
          await this.attempt(streamId, command.decide, command.metadata, command.eventIds).then(
            command.resolve,
            command.reject,
          );
        }
        return;
      }
      for (const [index, command] of batch.entries()) {
        const result = results[index]!;
        if ("error" in result && result.error instanceof LedgerError)
          // Refused in the batch: alone, where a repeat of a stored command is recognised.
          await this.attempt(streamId, command.decide, command.metadata, command.eventIds).then(
            command.resolve,
            command.reject,
          );
        else if ("error" in result) command.reject(result.error);
        else command.resolve(result);
      }
    } catch (error) {
      for (const command of batch) command.reject(error);
    }
  }

  /** The batch in one append, or null when it must run one by one. */
  private async attemptBatch(
    streamId: string,
    batch: BatchedCommand[],
  ): Promise<(CommandResult<unknown> | { error: unknown })[] | null> {
    const kind = kindOfStream(streamId);
    let snapshot = this.cache.get(streamId) ?? (await this.catchUp(streamId, undefined));
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      let decided = decideInTurn(kind, snapshot.state, batch);
      // A refusal is only trusted on fresh state (as in decideOnLatest).
      if (!snapshot.fresh && decided.some((result) => "error" in result)) {
        snapshot = await this.catchUp(streamId, snapshot);
        decided = decideInTurn(kind, snapshot.state, batch);
      }
      const state = decided.state;
      const newEvents = decided.flatMap((result, index) =>
        "events" in result
          ? result.events.map((event, i) =>
              toNewEvent(streamId, event, batch[index]!.metadata, batch[index]!.eventIds(i)),
            )
          : [],
      );
      if (newEvents.length === 0) return decided.map((r) => toResult(r, [], state));
      const expected = expectedOf(snapshot);
      try {
        const result = await this.store.append(streamId, newEvents, expected);
        if (result.duplicate) return null;
        snapshot = { revision: result.nextRevision, state, fresh: false };
        this.keep(streamId, snapshot);
        const all = stored(streamId, newEvents, result.nextRevision);
        return decided.map((r) =>
          toResult(r, "events" in r ? all.splice(0, r.events.length) : [], state),
        );
      } catch (error) {
        if (error instanceof InvalidEventError) return null;
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        snapshot = await this.catchUp(streamId, snapshot);
        await jitter(attempt);
      }
    }
    throw new LedgerError("conflict", "The account is busy; please try again.");
  }

  private async attempt<State>(
    streamId: string,
    decide: Decide<State>,
    metadata: EventMetadata,
    eventIds: (index: number) => string,
  ): Promise<CommandResult<State>> {
    let snapshot = this.cache.get(streamId) ?? (await this.catchUp(streamId, undefined));
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const decided = await this.decideOnLatest(streamId, snapshot, decide, eventIds);
      snapshot = decided.snapshot;
      if (decided.original)
        return { events: decided.original, state: snapshot.state as State, duplicate: true };
      if (decided.events.length === 0) {
        return { events: [], state: snapshot.state as State, duplicate: false };
      }
      const newEvents = decided.events.map((event, index) =>
        toNewEvent(streamId, event, metadata, eventIds(index)),
      );
      const expected = expectedOf(snapshot);
      try {
        const result = await this.store.append(streamId, newEvents, expected);
        if (result.duplicate) return await this.original(streamId, newEvents, result.nextRevision);
        snapshot = this.remember(streamId, snapshot, decided.events, result.nextRevision);
        const events = stored(streamId, newEvents, result.nextRevision);
        return { events, state: snapshot.state as State, duplicate: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        snapshot = await this.catchUp(streamId, snapshot);
        await jitter(attempt);
      }
    }
    throw new LedgerError("conflict", "The account is busy; please try again.");
  }

  /**
   * Decides on the cached state; a refusal is only trusted once re-checked on fresh state, and
   * once the command is known not to have been stored before: a repeat (same event ids) refused
   * on today's state (a stake repeated once its wallet is empty) gets the events it stored then.
   */
  private async decideOnLatest<State>(
    streamId: string,
    snapshot: Snapshot,
    decide: Decide<State>,
    eventIds?: (index: number) => string,
  ): Promise<{ snapshot: Snapshot; events: LedgerEvent[]; original?: StoredEvent[] }> {
    let latest = snapshot;
    try {
      try {
        return { snapshot, events: decide(snapshot.state as State) };
      } catch (error) {
        if (snapshot.fresh || !(error instanceof LedgerError)) throw error;
        latest = await this.catchUp(streamId, snapshot);
        return { snapshot: latest, events: decide(latest.state as State) };
      }
    } catch (refusal) {
      if (!(refusal instanceof LedgerError) || !eventIds) throw refusal;
      const original = await this.storedBy(streamId, eventIds);
      if (!original) throw refusal;
      return { snapshot: latest, events: [], original };
    }
  }

  /**
   * The events a command stored in this stream before, found by their ids (`eventIds`, which
   * only a command id makes repeatable), or null when it stored none there.
   */
  async storedBy(
    streamId: string,
    eventIds: (index: number) => string,
  ): Promise<StoredEvent[] | null> {
    const revision = await this.store.revisionOf(streamId, eventIds(0));
    if (revision === null) return null;
    const recorded = await this.store.readStream(streamId, {
      fromRevision: revision,
      maxCount: MAX_EVENTS_PER_APPEND,
    });
    // Its events are consecutive from there, as they were appended together.
    const mismatch = recorded.findIndex(
      (event, i) => event.id.toLowerCase() !== eventIds(i).toLowerCase(),
    );
    const own = mismatch < 0 ? recorded : recorded.slice(0, mismatch);
    return own.map((event) => ({
      id: event.id,
      streamId,
      revision: event.revision,
      event: parseLedgerEvent(streamId, event.type, event.data),
      metadata: event.metadata as EventMetadata,
    }));
  }

  private async catchUp(streamId: string, from: Snapshot | undefined): Promise<Snapshot> {
    const kind = kindOfStream(streamId);
    const base = from ?? { revision: -1, state: kind.initial(), fresh: true };
    const recorded = await this.store.readStream(streamId, { fromRevision: base.revision + 1 });
    const state = recorded.reduce(
      (folded, event) => kind.evolve(folded, parseLedgerEvent(streamId, event.type, event.data)),
      base.state,
    );
    const snapshot = { revision: recorded.at(-1)?.revision ?? base.revision, state, fresh: true };
    this.keep(streamId, { ...snapshot, fresh: false });
    return snapshot;
  }

  private remember(streamId: string, base: Snapshot, events: LedgerEvent[], revision: number) {
    const kind = kindOfStream(streamId);
    const state = events.reduce((folded, event) => kind.evolve(folded, event), base.state);
    const snapshot = { revision, state, fresh: false };
    this.keep(streamId, snapshot);
    return snapshot;
  }

  /**
   * Caches a stream's state, unless the stream has ended: every round and request is a stream
   * of its own, and keeping the ended ones grew the heap with every round played (issue 33's
   * soak) until the cache held 50,000 of them. A command that still comes for one (a repeat)
   * reads it from the store.
   */
  private keep(streamId: string, snapshot: Snapshot) {
    if (kindOfStream(streamId).ended(snapshot.state as never)) this.cache.delete(streamId);
    else this.cache.set(streamId, snapshot);
  }

  /** How many streams' states are in memory (the soak benchmark and the tests read it). */
  get cachedStreams(): number {
    return this.cache.size;
  }

  /** The command had already been stored (same event ids): return what was stored then. */
  private async original<State>(streamId: string, events: NewEvent[], lastRevision: number) {
    const recorded = await this.store.readStream(streamId, {
      fromRevision: lastRevision - events.length + 1,
      maxCount: events.length,
    });
    const snapshot = await this.catchUp(streamId, this.cache.get(streamId));
    const originals: StoredEvent[] = recorded.map((event) => ({
      id: event.id,
      streamId,
      revision: event.revision,
      event: parseLedgerEvent(streamId, event.type, event.data),
      metadata: event.metadata as EventMetadata,
    }));
    return { events: originals, state: snapshot.state as State, duplicate: true };
  }
}

/** Each command decided on the state the ones before it left; the state after them all. */
function decideInTurn(
  kind: ReturnType<typeof kindOfStream>,
  initial: unknown,
  batch: BatchedCommand[],
): Decided[] & { state: unknown } {
  let state = initial;
  const decided = batch.map((command): Decided => {
    try {
      const events = command.decide(state);
      state = events.reduce((folded, event) => kind.evolve(folded, event), state);
      return { events };
    } catch (error) {
      return { error };
    }
  });
  return Object.assign(decided, { state });
}

function toResult(
  decided: Decided,
  events: StoredEvent[],
  state: unknown,
): CommandResult<unknown> | { error: unknown } {
  if ("error" in decided) return { error: decided.error };
  return { events, state, duplicate: false };
}

/** Credits grouped by stream, each stream's in the order given, at whatever revision it has. */
function creditAppends(credits: Credit[]): StreamAppend[] {
  const byStream = new Map<string, NewEvent[]>();
  for (const { streamId, event, id, metadata } of credits) {
    const events = byStream.get(streamId) ?? [];
    events.push(toNewEvent(streamId, event, metadata, id));
    byStream.set(streamId, events);
  }
  return [...byStream].map(([streamId, events]) => ({ streamId, events, expected: "any" }));
}

const asLedgerEvent = (event: NewEvent) => ({ type: event.type, data: event.data }) as LedgerEvent;

/** A short random pause, growing with the attempt, so competing writers spread out. */
function jitter(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(50, 2 * attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
