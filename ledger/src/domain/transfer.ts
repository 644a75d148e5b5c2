import { amountMinorSchema, partMinorSchema } from "@igp/shared";
import { v5 as uuidv5 } from "uuid";
import { z } from "zod";

/**
 * A movement between two streams: debited in the source (where the invariant is checked),
 * then credited in the target, which never refuses it. The credit's event id is derived from
 * the transfer id, so delivering a transfer twice writes it once.
 */
export const CREDIT_REASONS = [
  "deposit",
  "agentDeposit",
  "agentDepositReturned",
  "withdrawalHold",
  "withdrawalReleased",
  "withdrawalToAgent",
  "charge",
  "stake",
  "stakeReturned",
  "stakeRefund",
  "payout",
  "prize",
  "agentAdvance",
] as const;

export const transferSchema = z
  .object({
    id: z.uuid(),
    to: z.string().min(3).max(200),
    amount: amountMinorSchema,
    reason: z.enum(CREDIT_REASONS),
    /** For wallet targets: how the amount splits between main and bonus (all main if absent). */
    main: partMinorSchema.optional(),
    bonus: partMinorSchema.optional(),
  })
  .refine(
    (t) =>
      (t.main === undefined && t.bonus === undefined) ||
      (t.main ?? 0) + (t.bonus ?? 0) === t.amount,
    "main + bonus must equal amount",
  );
export type Transfer = z.infer<typeof transferSchema>;

const LEDGER_NAMESPACE = "7b0f4b8e-3c1e-4f7a-9d0e-5a2b6c8d9e10";

/** A deterministic UUID for a step that must happen once, named by its parts. */
export function stepId(...parts: (string | number)[]): string {
  return uuidv5(parts.join(":"), LEDGER_NAMESPACE);
}

/** The id of the event that credits `transfer` to its target. */
export const creditEventId = (transferId: string) => stepId(transferId, "credit");
