import { hash } from "node:crypto";
import { amountMinorSchema, partMinorSchema } from "@igp/shared";
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

const NAMESPACE_BYTES = Buffer.from(LEDGER_NAMESPACE.replaceAll("-", ""), "hex");

/** The first hex digit of a UUID's variant byte (10xx): by the digest's two low bits there. */
const VARIANT_DIGITS = "89ab";

/**
 * A deterministic UUID for a step that must happen once, named by its parts: the UUID v5 (RFC
 * 9562) of the parts joined by ":" in LEDGER_NAMESPACE, the ids every stored event already bears.
 * Made with node:crypto's one-shot `hash` (a ticket takes several): the uuid package's v5
 * re-parsed the namespace and re-encoded the name byte by byte on every call, and a Hash object
 * per id cost twice the one-shot (transfer.unit.spec.ts compares with the uuid package). The
 * version (5) and variant (10) bits are set on the hex digits.
 */
export function stepId(...parts: (string | number)[]): string {
  const name = Buffer.from(parts.join(":"), "utf8");
  const hex = hash("sha1", Buffer.concat([NAMESPACE_BYTES, name]), "hex");
  const variant = VARIANT_DIGITS[Number.parseInt(hex[16]!, 16) & 0x3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id of the event that credits `transfer` to its target. */
export const creditEventId = (transferId: string) => stepId(transferId, "credit");
