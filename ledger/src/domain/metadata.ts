import { z } from "zod";

/** Who did it, why, and when: carried on every event (docs/architecture.md, ledger rule 6). */
export const eventMetadataSchema = z.object({
  actor: z.object({
    userId: z.string().min(1).max(100),
    role: z.enum(["user", "admin", "superAdmin", "system"]),
  }),
  correlationId: z.string().min(1).max(100),
  causationId: z.string().max(100).optional(),
  requestId: z.string().max(100).optional(),
  /** The address the request came from (behind TRUST_PROXY: the client's), for the staff log. */
  ip: z.string().max(64).optional(),
  /**
   * Why a staff member decided despite what they were shown: the note an approver writes when a
   * request carries fraud signals (docs/fraud-signals.md). Kept with the decision's events.
   */
  note: z.string().max(500).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;
