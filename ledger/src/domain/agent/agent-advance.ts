import { basisPointsOf } from "@igp/shared";
import { z } from "zod";
import { agentStream } from "../stream-ids.ts";
import { stepId, type Transfer, transferSchema } from "../transfer.ts";

/**
 * An agent's advance: a percentage the house adds to the agent's float on the money it moves
 * for the platform (the sub-admin settings: subAdminWithdraw on the withdrawals it pays out,
 * subAdminCredit on the charges it requests). Paid from the house, like a lottery prize.
 */
export const advanceBasisPointsSchema = z.number().int().min(0).max(10_000);

/** What an approval records of the advance: the rate it applied and the transfer, if any. */
export const advanceFields = {
  advanceBasisPoints: advanceBasisPointsSchema.optional(),
  advance: transferSchema.nullable().optional(),
};

/** The advance on `base` for `agentId`, or null when it rounds to nothing. */
export function agentAdvance(
  requestId: string,
  agentId: string,
  base: number,
  basisPoints: number,
): Transfer | null {
  const amount = basisPointsOf(base, basisPoints); // rounded down to the santim
  if (amount <= 0) return null;
  return {
    id: stepId(requestId, "advance"),
    to: agentStream(agentId),
    amount,
    reason: "agentAdvance",
  };
}

export const advanceOf = (event: { advance?: Transfer | null }) => event.advance?.amount ?? 0;
