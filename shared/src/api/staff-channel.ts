import { z } from "zod";

/**
 * The back office's live channel (Colyseus room "staff", one per staff account): every new and
 * decided request, pushed once the lists hold it, with the ledger position it was seen at so that
 * a reconnected screen catches up from there.
 */
export const STAFF_ROOM = "staff";

export const requestChangeSchema = z.object({
  kind: z.enum(["deposit", "withdrawal", "charge"]),
  id: z.string(),
  status: z.enum(["pending", "approved", "disapproved"]),
  /** For a new request: bank or agent (a charge: null). */
  method: z.enum(["bank", "agent"]).nullable(),
  /** For a new request: its amount in major units. */
  amount: z.number().nullable(),
});
export type RequestChange = z.infer<typeof requestChangeSchema>;

/**
 * `requestsChanged`: the changes since `after` up to `position` (the newest ledger position seen).
 * `resync`: too much was missed to tell one by one; read the lists again.
 */
export const requestsChangedSchema = z.object({
  changes: z.array(requestChangeSchema),
  position: z.string().nullable(),
  resync: z.boolean(),
});
export type RequestsChanged = z.infer<typeof requestsChangedSchema>;

/** `catchUp` from the client: tell me what changed after this position (null: from now on). */
export const catchUpSchema = z.object({
  after: z
    .string()
    .max(60)
    .regex(/^\d+:\d+$/)
    .nullable(),
});
