import { kindOfStream, type LedgerEvent } from "../domain/stream-kinds.ts";
import type { NewEvent, StreamAppend } from "../event-store/event-store.ts";
import { MAX_EVENTS_PER_APPEND } from "../event-store/validate-new-events.ts";
import {
  expectedOf,
  type Snapshot,
  type StoredEvent,
  type StreamDecision,
  stored,
  toNewEvent,
} from "./stream-snapshot.ts";

/**
 * A decision across two streams (a stake's debit in a wallet, then its credit in a round), one of
 * a batch that shares its second stream (a lottery's round): see CommandHandler.executeBatchedAcross.
 */
export interface AcrossCommand {
  firstStreamId: string;
  first: StreamDecision<unknown>;
  second: (firstEvents: StoredEvent[]) => StreamDecision<unknown>;
}

/** What one command of the batch comes to, decided in turn. */
export type AcrossDecided =
  /** Refused on `streamId`'s state; nothing of the command is kept. */
  | { error: unknown; streamId: string }
  /** It would take one of its streams past the events of one append: it waits for the next. */
  | { alone: true }
  | {
      first: { events: StoredEvent[]; state: unknown };
      second: { events: StoredEvent[]; state: unknown };
    };

/** A stream as the batch decides on it: where it stood and what the batch adds to it. */
interface Turn {
  base: Snapshot;
  state: unknown;
  events: NewEvent[];
}

/**
 * Decides every command of a batch in turn, each on the states the ones before it left (a
 * wallet buying two tickets pays the second from what the first left), and gathers what they
 * decided into one multi-stream append: the first streams' parts (the senders) before the shared
 * second stream's, so a follower of the global order sees each debit before its credit. A
 * refusal refuses its command alone.
 */
export function decideAcrossInTurn(
  secondStreamId: string,
  snapshots: Map<string, Snapshot>,
  batch: AcrossCommand[],
): { decided: AcrossDecided[]; appends: StreamAppend[] } {
  const turns = new Map<string, Turn>();
  const turnOf = (streamId: string) => {
    let turn = turns.get(streamId);
    if (!turn) {
      const base = snapshots.get(streamId)!;
      turn = { base, state: base.state, events: [] };
      turns.set(streamId, turn);
    }
    return turn;
  };
  const hot = turnOf(secondStreamId);
  const decided = batch.map((command): AcrossDecided => {
    const turn = turnOf(command.firstStreamId);
    const a = decideOn(command.firstStreamId, turn, command.first);
    if ("error" in a) return a;
    if (a.events.length === 0)
      return { first: { events: [], state: turn.state }, second: { events: [], state: hot.state } };
    const lastA = turn.base.revision + turn.events.length + a.events.length;
    const then = command.second(stored(command.firstStreamId, a.events, lastA));
    const b = decideOn(secondStreamId, hot, then);
    if ("error" in b) return b;
    const full = (t: Turn, more: NewEvent[]) =>
      t.events.length + more.length > MAX_EVENTS_PER_APPEND;
    if (full(turn, a.events) || full(hot, b.events)) return { alone: true };
    for (const [t, d] of [
      [turn, a],
      [hot, b],
    ] as const) {
      t.state = d.state;
      t.events.push(...d.events);
    }
    return {
      first: { events: stored(command.firstStreamId, a.events, lastA), state: turn.state },
      second: {
        events: stored(secondStreamId, b.events, hot.base.revision + hot.events.length),
        state: hot.state,
      },
    };
  });
  const appends = [...turns]
    .filter(([streamId, turn]) => streamId !== secondStreamId && turn.events.length > 0)
    .concat(hot.events.length > 0 ? [[secondStreamId, hot]] : [])
    .map(([streamId, turn]) => ({
      streamId,
      events: turn.events,
      expected: expectedOf(turn.base),
    }));
  return { decided, appends };
}

/** One stream's decision on its turn's state: the new events and the state after them. */
function decideOn(
  streamId: string,
  turn: Turn,
  decision: StreamDecision<unknown>,
): { events: NewEvent[]; state: unknown } | { error: unknown; streamId: string } {
  let decided: LedgerEvent[];
  try {
    decided = decision.decide(turn.state);
  } catch (error) {
    return { error, streamId };
  }
  const kind = kindOfStream(streamId);
  return {
    events: decided.map((event, index) =>
      toNewEvent(streamId, event, decision.metadata, decision.eventIds(index)),
    ),
    state: decided.reduce((folded, event) => kind.evolve(folded, event), turn.state),
  };
}
