import { amountMinorSchema } from "@igp/shared";
import { z } from "zod";
import { idSchema, isoTime, shortText, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import { codeCopies } from "../request-code.ts";
import type { RequestStatus } from "../request-status.ts";
import { transferSchema } from "../transfer.ts";

/**
 * deposit-<id>: one deposit request. A bank deposit brings money in when approved; an agent
 * deposit is funded from the approving agent's float, which passes through this stream's escrow
 * so that a second, late approval is returned to its agent instead of being lost.
 */
export const depositEvents = {
  DepositRequested: z.object({
    depositId: idSchema,
    userId: idSchema,
    method: z.enum(["bank", "agent"]),
    amount: amountMinorSchema,
    /** The code's keyed digest (`h1:`…), or the code itself for requests made before digests. */
    depositCode: idSchema,
    ...codeCopies,
    bankName: shortText.optional(),
    accountNumber: shortText.optional(),
    transactionId: shortText.optional(),
    screenshot: shortText.optional(),
    requestedAt: isoTime,
  }),
  BankDepositApproved: z.object({ approvedBy: idSchema, transfer: transferSchema }),
  AgentFundsReceived: z.object({
    transferId: z.uuid(),
    from: streamIdSchema,
    agentId: idSchema,
    amount: amountMinorSchema,
  }),
  AgentDepositApproved: z.object({ agentId: idSchema, transfer: transferSchema }),
  AgentFundsReturned: z.object({ transfer: transferSchema, why: shortText }),
  DepositDisapproved: z.object({ disapprovedBy: idSchema }),
} as const;

export type DepositEvent = EventUnion<typeof depositEvents>;

export interface DepositState {
  status: RequestStatus;
  request: z.infer<typeof depositEvents.DepositRequested> | null;
  /** Agent money waiting in this stream (zero between appends). */
  escrow: number;
  approvedBy: string | null;
}

export const initialDeposit = (): DepositState => ({
  status: "none",
  request: null,
  escrow: 0,
  approvedBy: null,
});

export function evolveDeposit(state: DepositState, event: DepositEvent): DepositState {
  switch (event.type) {
    case "DepositRequested":
      return { ...state, status: "pending", request: event.data };
    case "BankDepositApproved":
      return { ...state, status: "approved", approvedBy: event.data.approvedBy };
    case "AgentFundsReceived":
      return { ...state, escrow: state.escrow + event.data.amount };
    case "AgentDepositApproved":
      return {
        ...state,
        status: "approved",
        approvedBy: event.data.agentId,
        escrow: state.escrow - event.data.transfer.amount,
      };
    case "AgentFundsReturned":
      return { ...state, escrow: state.escrow - event.data.transfer.amount };
    case "DepositDisapproved":
      return { ...state, status: "disapproved" };
  }
}
