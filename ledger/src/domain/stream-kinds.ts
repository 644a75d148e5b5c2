import { z } from "zod";
import { agentEvents, evolveAgent, initialAgent } from "./agent/agent.events.ts";
import { chargeEvents, evolveCharge, initialCharge } from "./charge/charge.events.ts";
import { depositEvents, evolveDeposit, initialDeposit } from "./deposit/deposit.events.ts";
import { LedgerError } from "./ledger-error.ts";
import { evolveRound, initialRound, roundEvents } from "./round/round.events.ts";
import { parseStreamId, type StreamKindName } from "./stream-ids.ts";
import { evolveWallet, initialWallet, walletEvents } from "./wallet/wallet.events.ts";
import {
  evolveWithdrawal,
  initialWithdrawal,
  withdrawalEvents,
} from "./withdrawal/withdrawal.events.ts";

/** Everything the ledger knows about one kind of stream: its events, state and fold. */
export interface StreamKind<State, Event extends LedgerEvent = LedgerEvent> {
  name: StreamKindName;
  events: Record<string, z.ZodType>;
  initial(): State;
  evolve(state: State, event: Event): State;
  /** The money this stream holds in its state, counted by the money invariant. */
  moneyHeld(state: State): number;
  /**
   * Whether the stream is over: nothing will be decided on it again (a round settled or
   * cancelled, a request decided). Its state need not stay in memory.
   */
  ended(state: State): boolean;
}

const decided = (s: { status: string }) => s.status === "approved" || s.status === "disapproved";

export const streamKinds = {
  wallet: {
    name: "wallet",
    events: walletEvents,
    initial: initialWallet,
    evolve: evolveWallet,
    moneyHeld: (s) => s.main + s.bonus,
    ended: () => false,
  } satisfies StreamKind<ReturnType<typeof initialWallet>, Parameters<typeof evolveWallet>[1]>,
  agent: {
    name: "agent",
    events: agentEvents,
    initial: initialAgent,
    evolve: evolveAgent,
    moneyHeld: (s) => s.float,
    ended: () => false,
  } satisfies StreamKind<ReturnType<typeof initialAgent>, Parameters<typeof evolveAgent>[1]>,
  deposit: {
    name: "deposit",
    events: depositEvents,
    initial: initialDeposit,
    evolve: evolveDeposit,
    moneyHeld: (s) => s.escrow,
    ended: decided,
  } satisfies StreamKind<ReturnType<typeof initialDeposit>, Parameters<typeof evolveDeposit>[1]>,
  withdrawal: {
    name: "withdrawal",
    events: withdrawalEvents,
    initial: initialWithdrawal,
    evolve: evolveWithdrawal,
    moneyHeld: (s) => s.escrow,
    ended: decided,
  } satisfies StreamKind<
    ReturnType<typeof initialWithdrawal>,
    Parameters<typeof evolveWithdrawal>[1]
  >,
  charge: {
    name: "charge",
    events: chargeEvents,
    initial: initialCharge,
    evolve: evolveCharge,
    moneyHeld: () => 0,
    ended: decided,
  } satisfies StreamKind<ReturnType<typeof initialCharge>, Parameters<typeof evolveCharge>[1]>,
  round: {
    name: "round",
    events: roundEvents,
    initial: initialRound,
    evolve: evolveRound,
    moneyHeld: (s) => s.escrow,
    ended: (s) => s.status === "settled" || s.status === "cancelled",
  } satisfies StreamKind<ReturnType<typeof initialRound>, Parameters<typeof evolveRound>[1]>,
};

export type LedgerEvent =
  | Parameters<typeof evolveWallet>[1]
  | Parameters<typeof evolveAgent>[1]
  | Parameters<typeof evolveDeposit>[1]
  | Parameters<typeof evolveWithdrawal>[1]
  | Parameters<typeof evolveCharge>[1]
  | Parameters<typeof evolveRound>[1];

export type LedgerEventType = LedgerEvent["type"];

/** The stream kind of a stream id, typed loosely for generic folds. */
export function kindOfStream(streamId: string): StreamKind<unknown, LedgerEvent> {
  return streamKinds[parseStreamId(streamId).kind] as unknown as StreamKind<unknown, LedgerEvent>;
}

/**
 * Validates an event against the schemas of the stream it belongs to: an unknown type for that
 * stream, a malformed field or a bad amount is refused with a clear message.
 */
export function parseLedgerEvent(streamId: string, type: string, data: unknown): LedgerEvent {
  const parsed = schemaOf(streamId, type).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new LedgerError("invalid", `Invalid ${type} event: ${where}${issue.message}`);
  }
  return { type, data: parsed.data } as LedgerEvent;
}

/**
 * An event read back from the store, whose data parseLedgerEvent validated before it was
 * appended (and every projection of it since): its type is still checked against its stream's
 * kind, its data taken as stored, without parsing every field again. For replays of many events
 * (a rebuild of the read models) where the schema check costs more than the rest of the work.
 */
export function recordedLedgerEvent(streamId: string, type: string, data: unknown): LedgerEvent {
  schemaOf(streamId, type);
  if (typeof data !== "object" || data === null)
    throw new LedgerError("invalid", `Invalid ${type} event: its data is not an object.`);
  return { type, data } as LedgerEvent;
}

/**
 * Every kind's event schemas compiled once (z.compile: one generated function per schema, the
 * same answers and messages as the schema's own parse, which it falls back to for a value it
 * refuses). Every event appended is parsed here, and again by each follower that reads it.
 */
const compiledEvents = Object.fromEntries(
  Object.entries(streamKinds).map(([name, kind]) => [
    name,
    Object.fromEntries(
      Object.entries(kind.events).map(([type, schema]) => [type, z.compile(schema)]),
    ) as Record<string, z.ZodType>,
  ]),
) as Record<StreamKindName, Record<string, z.ZodType>>;

/** The schema of `type` in `streamId`'s kind; an unknown kind or type is refused. */
function schemaOf(streamId: string, type: string): z.ZodType {
  let kind: StreamKind<unknown, LedgerEvent>;
  try {
    kind = kindOfStream(streamId);
  } catch {
    throw new LedgerError("invalid", `Unknown stream kind in "${streamId}".`);
  }
  const events = compiledEvents[kind.name];
  const schema = Object.hasOwn(events, type) ? events[type] : undefined;
  if (!schema) throw new LedgerError("invalid", `Unknown event type "${type}" for ${kind.name}.`);
  return schema;
}

/** Folds events into the state of their stream. */
export function foldStream<State>(kind: StreamKind<State, LedgerEvent>, events: LedgerEvent[]) {
  return events.reduce((state, event) => kind.evolve(state, event), kind.initial());
}
