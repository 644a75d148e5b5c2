import { z } from "zod";
import { InvalidEventError, type NewEvent } from "./event-store.ts";

/** Limits every adapter enforces on the envelope, before any byte is written. */
export const MAX_EVENTS_PER_APPEND = 100;
export const MAX_EVENT_BYTES = 64 * 1024;
const STREAM_ID = /^[a-z][a-z0-9]*(-[A-Za-z0-9_.:]+)+$/;

const jsonObject = z.custom<NewEvent["data"]>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "must be a JSON object",
);

const newEventSchema = z.object({
  id: z.uuid(),
  type: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, "must be an identifier"),
  data: jsonObject,
  metadata: jsonObject,
});

export function assertValidStreamId(streamId: string): void {
  if (streamId.length > 200 || !STREAM_ID.test(streamId)) {
    throw new InvalidEventError(`Invalid stream id "${streamId.slice(0, 200)}".`);
  }
}

/** Checks the append's envelope: stream id, event count, ids, types, JSON objects, size. */
export function assertValidAppend(streamId: string, events: NewEvent[]): void {
  assertValidStreamId(streamId);
  if (events.length === 0) throw new InvalidEventError("An append needs at least one event.");
  if (events.length > MAX_EVENTS_PER_APPEND) {
    throw new InvalidEventError(`At most ${MAX_EVENTS_PER_APPEND} events per append.`);
  }
  const ids = new Set<string>();
  for (const event of events) {
    const parsed = newEventSchema.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidEventError(`Invalid event: ${issue.path.join(".")} ${issue.message}.`);
    }
    if (ids.has(event.id)) throw new InvalidEventError(`Event id ${event.id} appears twice.`);
    ids.add(event.id);
    assertPlainJson(event);
  }
}

/** Checks a multi-stream append: each part as an append, distinct streams, ids used once. */
export function assertValidAppends(appends: { streamId: string; events: NewEvent[] }[]): void {
  if (appends.length === 0)
    throw new InvalidEventError("A multi-append needs at least one stream.");
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const { streamId, events } of appends) {
    assertValidAppend(streamId, events);
    if (streams.has(streamId)) throw new InvalidEventError(`Stream ${streamId} appears twice.`);
    streams.add(streamId);
    for (const event of events) {
      if (ids.has(event.id)) throw new InvalidEventError(`Event id ${event.id} appears twice.`);
      ids.add(event.id);
    }
  }
}

function assertPlainJson(event: NewEvent): void {
  const problem = findNonJson(event.data, ["data"]) ?? findNonJson(event.metadata, ["metadata"]);
  if (problem) throw new InvalidEventError(`Event ${event.id}: ${problem}.`);
  if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
    throw new InvalidEventError(`Event ${event.id} exceeds ${MAX_EVENT_BYTES} bytes.`);
  }
}

/** True when JSON (and JSONB) keep the value as it is: what an append takes. */
export const isPlainJson = (value: unknown): boolean => findNonJson(value, []) === null;

/**
 * Returns what is wrong with the first value that JSON (and JSONB) would not keep as it is.
 * `path` leads to `value` (keys and indexes); it is written out only for a problem, since the
 * audit checks the plain JSON of every event's selection and draw.
 */
function findNonJson(value: unknown, path: (string | number)[]): string | null {
  if (value === null || typeof value === "boolean") return null;
  if (typeof value === "string") {
    return value.includes("\u0000") ? `${pathText(path)} contains a NUL character` : null;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return `${pathText(path)} is not a finite number`;
    if (Number.isInteger(value) && !Number.isSafeInteger(value))
      return `${pathText(path)} is out of range`;
    return null;
  }
  if (Array.isArray(value)) return firstNonJsonIn(value, path, value.keys());
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return firstNonJsonIn(value as Record<string, unknown>, path, Object.keys(value));
  return `${pathText(path)} is not plain JSON`;
}

function firstNonJsonIn(
  container: unknown[] | Record<string, unknown>,
  path: (string | number)[],
  keys: Iterable<string | number>,
): string | null {
  for (const key of keys) {
    path.push(key);
    const problem = findNonJson((container as Record<string | number, unknown>)[key], path);
    path.pop();
    if (problem) return problem;
  }
  return null;
}

/** `data.draw.seeds[2]`, as the problem names it. */
const pathText = (path: (string | number)[]) =>
  path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
