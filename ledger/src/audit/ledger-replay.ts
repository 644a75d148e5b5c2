import { evolveHouse, type HouseState, initialHouse } from "../domain/house/house.ts";
import { moneyEffect } from "../domain/money-flow.ts";
import { parseStreamId, type StreamKindName } from "../domain/stream-ids.ts";
import {
  kindOfStream,
  type LedgerEvent,
  parseEventOfKind,
  type StreamKind,
  streamKinds,
} from "../domain/stream-kinds.ts";
import { chainHashOf } from "../event-store/chain-bytes.ts";
import type { RecordedEvent } from "../event-store/event-store.ts";
import { GENESIS_HASH } from "../event-store/hash-chain.ts";
import { OpenStreams, type ReplayedStream } from "./open-streams.ts";

export type { ReplayedStream } from "./open-streams.ts";

interface TransferTrack {
  to: string;
  amount: number;
}

/** An event that came before the revision before it, and whether it is its stream's last. */
interface EarlyEvent {
  recorded: RecordedEvent;
  last: boolean;
  parsed: LedgerEvent | Error;
}

/**
 * Replays the ledger from its events alone, independent of any projection: verifies each
 * stream's hash chain and revisions, validates every event, folds every stream, and checks
 * that money is conserved by every event and in total (docs/architecture.md, the ledger):
 *   Σ stream money + house + transfers in flight = money in − money out,
 * with no wallet, agent, hold or escrow ever negative. Feed events in global order (a stream's
 * later revision that comes first waits for the earlier one).
 *
 * Memory follows what is open, not the ledger's size: a stream told to end (`apply(event,
 * true)`: its last event, as a snapshot scan knows it) is handed to `onStreamEnd` and dropped
 * once folded; a transfer is kept from its debit to its credit only. With `openInMemory`, open
 * accounts beyond that many are spilled to a temporary file (open-streams.ts): `close` removes it.
 */
export class LedgerReplay {
  /** The streams still open (every stream, when no event is marked as its stream's last). */
  readonly streams: OpenStreams;
  /** Transfers debited and not yet credited. */
  readonly transfers = new Map<string, TransferTrack>();
  /** Streams seen, by kind (ended or not). */
  readonly streamCounts: Partial<Record<StreamKindName, number>> = {};
  readonly problems: string[] = [];
  house: HouseState = initialHouse();
  moneyIn = 0n;
  moneyOut = 0n;
  events = 0;
  private held = 0n;
  private inFlight = 0n;
  /**
   * Events that came before an earlier revision of their stream, by stream and revision: ledgers
   * written before migration 1764900000000 may hold such pairs (docs/ledger.md, global order).
   * Each waits for the revision before it; one still waiting at the end is a gap.
   */
  private readonly early = new Map<string, Map<number, EarlyEvent>>();

  constructor(
    /** Called with a stream's final state when its last event has been applied, then dropped. */
    private readonly onStreamEnd?: (stream: ReplayedStream) => void,
    /** How many open accounts to hold in memory at most (the rest spilled); all by default. */
    openInMemory?: number,
  ) {
    this.streams = new OpenStreams(openInMemory);
  }

  /** Lets the open streams go and removes the spill file, if the replay made one. */
  close(): Promise<void> {
    return this.streams.close();
  }

  /**
   * Applies one event; `last`: no later revision of its stream exists (it can be dropped).
   * Answers the event as its stream's schema parsed it (undefined if refused, a problem then),
   * parsed once on arrival even when it waits for the revision before it: the audit's read-model
   * expectations take it rather than parse again.
   */
  apply(recorded: RecordedEvent, last = false): LedgerEvent | undefined {
    const stream = this.streamFor(recorded.streamId);
    if (!stream) {
      this.events++;
      return undefined;
    }
    const parsed = parsedEvent(stream, recorded);
    if (recorded.revision > stream.revision + 1) {
      const waiting = this.early.get(recorded.streamId) ?? new Map<number, EarlyEvent>();
      this.early.set(recorded.streamId, waiting.set(recorded.revision, { recorded, last, parsed }));
      return parsed instanceof Error ? undefined : parsed;
    }
    this.applyInTurn(stream, recorded, parsed);
    let ended = last;
    const waiting = this.early.get(recorded.streamId);
    for (
      let next = waiting?.get(stream.revision + 1);
      next;
      next = waiting?.get(stream.revision + 1)
    ) {
      waiting!.delete(next.recorded.revision);
      this.applyInTurn(stream, next.recorded, next.parsed);
      ended = next.last;
    }
    if (waiting?.size === 0) this.early.delete(recorded.streamId);
    if (ended && !this.early.has(recorded.streamId)) {
      this.onStreamEnd?.(stream);
      this.streams.delete(recorded.streamId);
    }
    return parsed instanceof Error ? undefined : parsed;
  }

  private applyInTurn(
    stream: ReplayedStream,
    recorded: RecordedEvent,
    parsed: LedgerEvent | Error,
  ) {
    this.events++;
    this.verifyChain(stream, recorded);
    if (parsed instanceof Error) {
      this.problem(recorded, parsed.message);
      return;
    }
    this.applyMoney(stream, parsed, recorded);
  }

  /** A problem with one event, named `stream@revision` (the text made only when there is one). */
  private problem(recorded: RecordedEvent, what: string) {
    this.problems.push(`${recorded.streamId}@${recorded.revision}: ${what}`);
  }

  applyAll(events: Iterable<RecordedEvent>): this {
    for (const event of events) this.apply(event);
    return this;
  }

  /** Transfers debited and not (yet) credited, in minor units. */
  get moneyInFlight(): bigint {
    return this.inFlight;
  }

  /** Problems found so far, plus the global money balance check. */
  verdict(): string[] {
    const problems = [...this.problems];
    for (const [streamId, waiting] of this.early) {
      const revision = this.streams.get(streamId)!.revision;
      for (const early of waiting.keys())
        problems.push(`${streamId}@${early}: revision follows ${revision}`);
    }
    const left = this.held + BigInt(this.house.balance) + this.inFlight;
    const right = this.moneyIn - this.moneyOut;
    if (left !== right) {
      problems.push(
        `money invariant broken: accounts ${this.held} + house ${this.house.balance} + in flight ${this.inFlight} ≠ in ${this.moneyIn} − out ${this.moneyOut}`,
      );
    }
    return problems;
  }

  private streamFor(streamId: string): ReplayedStream | null {
    const existing = this.streams.get(streamId);
    if (existing) return existing;
    try {
      const { kind, id } = parseStreamId(streamId);
      const created: ReplayedStream = {
        kind,
        id,
        revision: -1,
        lastHash: GENESIS_HASH,
        state: kindOfStream(streamId).initial(),
        held: 0,
      };
      this.streams.set(streamId, created);
      this.streamCounts[kind] = (this.streamCounts[kind] ?? 0) + 1;
      return created;
    } catch {
      this.problems.push(`${streamId}: not a ledger stream`);
      return null;
    }
  }

  private verifyChain(stream: ReplayedStream, recorded: RecordedEvent) {
    if (recorded.revision !== stream.revision + 1) {
      this.problem(recorded, `revision follows ${stream.revision}`);
    }
    if (recorded.prevHash !== stream.lastHash) {
      this.problem(recorded, "prevHash does not match the previous event's hash");
    }
    const expected = chainHashOf(recorded.prevHash, recorded.streamId, recorded.revision, recorded);
    if (recorded.hash !== expected) {
      this.problem(recorded, "hash does not match the event's content (altered?)");
    }
    stream.revision = recorded.revision;
    stream.lastHash = recorded.hash;
  }

  private applyMoney(stream: ReplayedStream, event: LedgerEvent, recorded: RecordedEvent) {
    const kind = streamKinds[stream.kind] as unknown as StreamKind<unknown, LedgerEvent>;
    stream.state = kind.evolve(stream.state, event);
    const heldBefore = stream.held;
    stream.held = kind.moneyHeld(stream.state);
    this.house = evolveHouse(this.house, event);
    this.checkNoNegative(stream, recorded);

    const effect = moneyEffect(event);
    // Totals in bigint (they may pass 2^53); most events move none of them.
    if (effect.moneyIn !== 0) this.moneyIn += BigInt(effect.moneyIn);
    if (effect.moneyOut !== 0) this.moneyOut += BigInt(effect.moneyOut);
    if (stream.held !== heldBefore) this.held += BigInt(stream.held - heldBefore);
    const sent = effect.sent.reduce((sum, t) => sum + t.amount, 0);
    const received = effect.received?.amount ?? 0;
    const conserved =
      stream.held - heldBefore + effect.house + sent - received ===
      effect.moneyIn - effect.moneyOut;
    if (!conserved) this.problem(recorded, `${event.type} creates or destroys money`);
    for (const transfer of effect.sent) this.trackSent(transfer, recorded);
    if (effect.received) this.trackReceived(recorded.streamId, effect.received, recorded);
  }

  private checkNoNegative(stream: ReplayedStream, recorded: RecordedEvent) {
    const state = stream.state as Record<string, unknown>;
    for (const field of ["main", "bonus", "float", "escrow"]) {
      const value = state[field];
      if (typeof value === "number" && value < 0)
        this.problem(recorded, `${field} is negative (${value})`);
    }
  }

  private trackSent(transfer: { id: string; to: string; amount: number }, recorded: RecordedEvent) {
    if (this.transfers.has(transfer.id)) {
      this.problem(recorded, `transfer ${transfer.id} sent twice`);
      return;
    }
    this.transfers.set(transfer.id, { to: transfer.to, amount: transfer.amount });
    this.inFlight += BigInt(transfer.amount);
  }

  private trackReceived(
    streamId: string,
    received: { transferId: string; amount: number },
    recorded: RecordedEvent,
  ) {
    // Only transfers in flight are kept: a second credit finds none, like a credit never sent.
    const track = this.transfers.get(received.transferId);
    if (!track) {
      this.problem(
        recorded,
        `credit of transfer ${received.transferId} that was never sent (or credited twice)`,
      );
      return;
    }
    if (track.to !== streamId || track.amount !== received.amount) {
      this.problem(recorded, `credit does not match transfer ${received.transferId}`);
    }
    this.transfers.delete(received.transferId);
    this.inFlight -= BigInt(received.amount);
  }
}

/** The event as its stream's schema parses it, or what it refuses. */
function parsedEvent(stream: ReplayedStream, recorded: RecordedEvent): LedgerEvent | Error {
  try {
    return parseEventOfKind(stream.kind, recorded.type, recorded.data);
  } catch (error) {
    return error as Error;
  }
}
