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
  return parsedWith(schemaOf(streamId, type), type, data);
}

/**
 * parseLedgerEvent for an event whose stream's kind is already known (a replay keeps it with
 * each stream): the stream id is not parsed again for every event.
 */
export function parseEventOfKind(kind: StreamKindName, type: string, data: unknown): LedgerEvent {
  return parsedWith(
    schemaIn(streamKinds[kind] as StreamKind<unknown, LedgerEvent>, type),
    type,
    data,
  );
}

function parsedWith(schema: z.ZodType, type: string, data: unknown): LedgerEvent {
  const parsed = compiled(schema).safeParse(data);
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

/** The schema of `type` in `streamId`'s kind; an unknown kind or type is refused. */
function schemaOf(streamId: string, type: string): z.ZodType {
  let kind: StreamKind<unknown, LedgerEvent>;
  try {
    kind = kindOfStream(streamId);
  } catch {
    throw new LedgerError("invalid", `Unknown stream kind in "${streamId}".`);
  }
  return schemaIn(kind, type);
}

function schemaIn(kind: StreamKind<unknown, LedgerEvent>, type: string): z.ZodType {
  const schema = Object.hasOwn(kind.events, type) ? kind.events[type] : undefined;
  if (!schema) throw new LedgerError("invalid", `Unknown event type "${type}" for ${kind.name}.`);
  return schema;
}

/**
 * Each event schema compiled once, when first used (`z.compile`: a generated fast path with
 * zod's own parser behind it for whatever the fast path refuses, so the same results and the
 * same issues, a few times faster on the ledger's objects). Every append is validated with it,
 * and the audit validates every event of the ledger (docs/audit.md).
 */
const COMPILED = new Map<z.ZodType, z.ZodType>();

function compiled(schema: z.ZodType): z.ZodType {
  let fast = COMPILED.get(schema);
  if (!fast) {
    fast = z.compile(schema);
    COMPILED.set(schema, fast);
  }
  return fast;
}

/** Folds events into the state of their stream. */
export function foldStream<State>(kind: StreamKind<State, LedgerEvent>, events: LedgerEvent[]) {
  return events.reduce((state, event) => kind.evolve(state, event), kind.initial());
}
