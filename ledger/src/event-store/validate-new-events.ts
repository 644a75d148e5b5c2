import { z } from "zod";
import { InvalidEventError, type NewEvent } from "./event-store.ts";
import { eventBody } from "./hash-chain.ts";

/** Limits every adapter enforces on the envelope, before any byte is written. */
export const MAX_EVENTS_PER_APPEND = 100;
export const MAX_EVENT_BYTES = 64 * 1024;
const STREAM_ID = /^[a-z][a-z0-9]*(-[A-Za-z0-9_.:]+)+$/;

const jsonObject = z.custom<NewEvent["data"]>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "must be a JSON object",
);

/** Compiled once (z.compile): every append checks every event's envelope. */
const newEventSchema = z.compile(
  z.object({
    id: z.uuid(),
    type: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z][A-Za-z0-9]*$/, "must be an identifier"),
    data: jsonObject,
    metadata: jsonObject,
  }),
);

export function assertValidStreamId(streamId: string): void {
  if (streamId.length > 200 || !STREAM_ID.test(streamId)) {
    throw new InvalidEventError(`Invalid stream id "${streamId.slice(0, 200)}".`);
  }
}

/**
 * Checks the append's envelope: stream id, event count, ids, types, JSON objects, size. Returns
 * each event's canonical body (hash-chain.ts), the text stored and hashed, whose size is the
 * one checked.
 */
export function assertValidAppend(streamId: string, events: NewEvent[]): string[] {
  assertValidStreamId(streamId);
  if (events.length === 0) throw new InvalidEventError("An append needs at least one event.");
  if (events.length > MAX_EVENTS_PER_APPEND) {
    throw new InvalidEventError(`At most ${MAX_EVENTS_PER_APPEND} events per append.`);
  }
  const ids = new Set<string>();
  return events.map((event) => {
    const parsed = newEventSchema.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidEventError(`Invalid event: ${issue.path.join(".")} ${issue.message}.`);
    }
    if (ids.has(event.id)) throw new InvalidEventError(`Event id ${event.id} appears twice.`);
    ids.add(event.id);
    return plainJsonBody(event);
  });
}

/**
 * Checks a multi-stream append: each part as an append, distinct streams, ids used once.
 * Returns each part's event bodies, as `assertValidAppend`.
 */
export function assertValidAppends(appends: { streamId: string; events: NewEvent[] }[]) {
  if (appends.length === 0)
    throw new InvalidEventError("A multi-append needs at least one stream.");
  const streams = new Set<string>();
  const ids = new Set<string>();
  return appends.map(({ streamId, events }) => {
    const bodies = assertValidAppend(streamId, events);
    if (streams.has(streamId)) throw new InvalidEventError(`Stream ${streamId} appears twice.`);
    streams.add(streamId);
    for (const event of events) {
      if (ids.has(event.id)) throw new InvalidEventError(`Event id ${event.id} appears twice.`);
      ids.add(event.id);
    }
    return bodies;
  });
}

/** The event's body, once its data and metadata are known to be plain JSON and it fits. */
function plainJsonBody(event: NewEvent): string {
  const problem = findNonJson(event.data, "data") ?? findNonJson(event.metadata, "metadata");
  if (problem) throw new InvalidEventError(`Event ${event.id}: ${problem}.`);
  // The body holds what JSON.stringify(event) would, keys sorted: the same bytes, once.
  const body = eventBody(event);
  // UTF-8 takes at most 3 bytes per UTF-16 unit: only a long body needs counting.
  if (body.length * 3 > MAX_EVENT_BYTES && Buffer.byteLength(body) > MAX_EVENT_BYTES) {
    throw new InvalidEventError(`Event ${event.id} exceeds ${MAX_EVENT_BYTES} bytes.`);
  }
  return body;
}

/** True when JSON (and JSONB) keep the value as it is: what an append takes. */
export const isPlainJson = (value: unknown): boolean => problemIn(value) === null;

/** Returns what is wrong with the first value that JSON (and JSONB) would not keep as it is. */
function findNonJson(value: unknown, path: string): string | null {
  const problem = problemIn(value);
  if (!problem) return null;
  const where = problem.at.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`));
  return `${path}${where.join("")} ${problem.why}`;
}

/**
 * What is wrong with a value JSON would not keep, and where (keys from the outside in); null
 * when nothing is. The path is only built for a value refused: every append walks its events.
 */
function problemIn(value: unknown): Problem | null {
  if (value === null || typeof value === "boolean") return null;
  if (typeof value === "string")
    return value.includes("\u0000") ? at("contains a NUL character") : null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return at("is not a finite number");
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return at("is out of range");
    return null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const problem = problemIn(value[index]);
      if (problem) return within(index, problem);
    }
    return null;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key of Object.keys(value)) {
      const problem = problemIn((value as Record<string, unknown>)[key]);
      if (problem) return within(key, problem);
    }
    return null;
  }
  return at("is not plain JSON");
}

type Problem = { at: (string | number)[]; why: string };

const at = (why: string): Problem => ({ at: [], why });

function within(key: string | number, problem: Problem): Problem {
  problem.at.unshift(key);
  return problem;
}
