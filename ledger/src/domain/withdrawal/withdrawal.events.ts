import { amountMinorSchema, partMinorSchema } from "@igp/shared";
import { z } from "zod";
import { advanceFields } from "../agent/agent-advance.ts";
import { idSchema, shortText, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import type { RequestStatus } from "../request-status.ts";
import { transferSchema } from "../transfer.ts";
import { withdrawalDetails } from "../wallet/wallet.events.ts";

/**
 * withdrawal-<id>: one withdrawal request. The player's money is held here (moved out of the
 * wallet) until an admin pays it out (bank), pays it to the approving agent's float (agent), or
 * releases it back to the wallet.
 */
export const withdrawalEvents = {
  WithdrawalRequested: withdrawalDetails.extend({
    transferId: z.uuid(),
    userId: idSchema,
    amount: amountMinorSchema,
    from: streamIdSchema,
  }),
  WithdrawalApproved: z.object({
    approvedBy: idSchema,
    reference: shortText,
    fee: partMinorSchema,
    payout: partMinorSchema,
    /** Agent method: the payout goes to the approving agent's float. Bank: it leaves the system. */
    agentTransfer: transferSchema.nullable(),
    /** Agent method: the subAdminWithdraw rate applied and the agent's advance, from the house. */
    ...advanceFields,
  }),
  WithdrawalDisapproved: z.object({ disapprovedBy: idSchema, transfer: transferSchema }),
} as const;

export type WithdrawalEvent = EventUnion<typeof withdrawalEvents>;

export interface WithdrawalState {
  status: RequestStatus;
  request: z.infer<typeof withdrawalEvents.WithdrawalRequested> | null;
  escrow: number;
}

export const initialWithdrawal = (): WithdrawalState => ({
  status: "none",
  request: null,
  escrow: 0,
});

export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  switch (event.type) {
    case "WithdrawalRequested":
      return { status: "pending", request: event.data, escrow: event.data.amount };
    case "WithdrawalApproved":
      return { ...state, status: "approved", escrow: 0 };
    case "WithdrawalDisapproved":
      return { ...state, status: "disapproved", escrow: 0 };
  }
}
