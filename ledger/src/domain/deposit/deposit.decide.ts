import type { z } from "zod";
import { refuse } from "../ledger-error.ts";
import { sameSecret } from "../request-code.ts";
import { pendingRequest } from "../request-status.ts";
import { agentStream, walletStream } from "../stream-ids.ts";
import { stepId, type Transfer } from "../transfer.ts";
import type { DepositEvent, DepositState, depositEvents } from "./deposit.events.ts";

type DepositRequest = z.infer<typeof depositEvents.DepositRequested>;

export type DepositCommand =
  | ({ type: "RequestDeposit" } & DepositRequest)
  | { type: "ApproveBankDeposit"; approvedBy: string }
  | { type: "DisapproveDeposit"; disapprovedBy: string }
  /** Agent money arriving for this deposit (see AgentDepositFunded). */
  | {
      type: "Receive";
      transfer: Transfer;
      from: string;
      agentId: string;
      /** The code the agent presented, in the request's stored form (see request-code.ts). */
      depositCode: string;
    };

export function decideDeposit(state: DepositState, command: DepositCommand): DepositEvent[] {
  switch (command.type) {
    case "RequestDeposit": {
      if (state.status !== "none") return refuse("invalid", "This deposit already exists.");
      const { type: _, ...request } = command;
      return [{ type: "DepositRequested", data: request }];
    }
    case "ApproveBankDeposit": {
      const request = pendingRequest(state, "Deposit");
      if (request.method !== "bank") {
        return refuse("invalid", "An agent deposit is approved by an agent with its deposit code.");
      }
      const transfer: Transfer = {
        id: stepId(request.depositId, "deposit-credit"),
        to: walletStream(request.userId),
        amount: request.amount,
        reason: "deposit",
      };
      return [{ type: "BankDepositApproved", data: { approvedBy: command.approvedBy, transfer } }];
    }
    case "DisapproveDeposit":
      pendingRequest(state, "Deposit");
      return [{ type: "DepositDisapproved", data: { disapprovedBy: command.disapprovedBy } }];
    case "Receive":
      return receiveAgentFunds(state, command);
  }
}

/**
 * Agent money always lands here (a credit never fails); in the same append it either approves
 * the deposit and moves on to the player's wallet, or goes back to the agent with the reason.
 */
function receiveAgentFunds(
  state: DepositState,
  command: Extract<DepositCommand, { type: "Receive" }>,
): DepositEvent[] {
  const { transfer, from, agentId } = command;
  const received: DepositEvent = {
    type: "AgentFundsReceived",
    data: { transferId: transfer.id, from, agentId, amount: transfer.amount },
  };
  const why = whyAgentFundsDoNotFit(state, command);
  if (why) {
    const back: Transfer = {
      id: stepId(transfer.id, "return"),
      to: agentStream(agentId),
      amount: transfer.amount,
      reason: "agentDepositReturned",
    };
    return [received, { type: "AgentFundsReturned", data: { transfer: back, why } }];
  }
  const request = state.request!;
  const credit: Transfer = {
    id: stepId(transfer.id, "to-wallet"),
    to: walletStream(request.userId),
    amount: request.amount,
    reason: "agentDeposit",
  };
  return [received, { type: "AgentDepositApproved", data: { agentId, transfer: credit } }];
}

function whyAgentFundsDoNotFit(
  state: DepositState,
  { transfer, depositCode }: { transfer: Transfer; depositCode: string },
): string | null {
  const request = state.request;
  if (!request) return "Deposit request not found.";
  if (state.status !== "pending") return `This deposit request is already ${state.status}.`;
  if (request.method !== "agent") return "This deposit is not an agent deposit.";
  if (!sameSecret(request.depositCode, depositCode)) return "The deposit code does not match.";
  if (request.amount !== transfer.amount) return "The amount does not match the request.";
  return null;
}
