import { z } from "zod";
import type { JsonValue } from "../event-store/event-store.ts";
import { isPlainJson } from "../event-store/validate-new-events.ts";

export const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "invalid id");
export const shortText = z.string().max(500);
export const isoTime = z.iso.datetime({ offset: true });
export const streamIdSchema = z.string().min(3).max(200);

/**
 * Any JSON value (a stake's selection, a draw's proof), checked as the event store checks an
 * append: z.json() is recursive (lazy), and its memoised walk cost more than the rest of a
 * stake's schemas together (issue 25's profile).
 */
export const jsonValue = z.custom<JsonValue>(isPlainJson, "Expected plain JSON.");
