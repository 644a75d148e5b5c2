import { amountMinorSchema } from "@igp/shared";
import { z } from "zod";
import { advanceBasisPointsSchema } from "../agent/agent-advance.ts";
import { idSchema, isoTime, shortText } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import type { RequestStatus } from "../request-status.ts";
import { transferSchema } from "../transfer.ts";

/** charge-<id>: an agent's request to top up its float; approval brings money in. */
export const chargeEvents = {
  ChargeRequested: z.object({
    chargeId: idSchema,
    agentId: idSchema,
    amount: amountMinorSchema,
    bankName: shortText,
    accountNumber: shortText,
    transactionId: shortText,
    screenshot: shortText.optional(),
    requestedAt: isoTime,
    /** The subAdminCredit advance rate when it was requested (absent before advances: none). */
    advanceBasisPoints: advanceBasisPointsSchema.optional(),
  }),
  ChargeApproved: z.object({
    approvedBy: idSchema,
    transfer: transferSchema,
    /** The agent's advance on the charge, paid from the house. */
    advance: transferSchema.nullable().optional(),
  }),
  ChargeDisapproved: z.object({ disapprovedBy: idSchema }),
} as const;

export type ChargeEvent = EventUnion<typeof chargeEvents>;

export interface ChargeState {
  status: RequestStatus;
  request: z.infer<typeof chargeEvents.ChargeRequested> | null;
}

export const initialCharge = (): ChargeState => ({ status: "none", request: null });

export function evolveCharge(state: ChargeState, event: ChargeEvent): ChargeState {
  switch (event.type) {
    case "ChargeRequested":
      return { status: "pending", request: event.data };
    case "ChargeApproved":
      return { ...state, status: "approved" };
    case "ChargeDisapproved":
      return { ...state, status: "disapproved" };
  }
}
