import type { z } from "zod";
import { agentAdvance } from "../agent/agent-advance.ts";
import { refuse } from "../ledger-error.ts";
import { codeMatches, maskCode, type PresentedCode } from "../request-code.ts";
import { pendingRequest } from "../request-status.ts";
import { agentStream } from "../stream-ids.ts";
import { stepId, type Transfer } from "../transfer.ts";
import type { walletEvents } from "../wallet/wallet.events.ts";
import type { WithdrawalEvent, WithdrawalState } from "./withdrawal.events.ts";

export type WithdrawalCommand =
  /** The player's held money arriving from the wallet (see WithdrawalHeld). */
  | {
      type: "Receive";
      from: string;
      userId: string;
      held: z.infer<typeof walletEvents.WithdrawalHeld>;
    }
  | {
      type: "ApproveWithdrawal";
      approvedBy: string;
      /** Agent method: the code the player gave the agent, which must match. Bank method: the
       *  payout's reference (e.g. the bank transfer id), kept as given. */
      withdrawCode: PresentedCode;
      /** Set when an agent approves: an agent-method payout goes to that agent's float. */
      agentId: string | null;
      /** The subAdminWithdraw advance rate now: the agent earns it on the payout. */
      advanceBasisPoints: number;
    }
  | { type: "DisapproveWithdrawal"; disapprovedBy: string };

export function decideWithdrawal(
  state: WithdrawalState,
  command: WithdrawalCommand,
): WithdrawalEvent[] {
  switch (command.type) {
    case "Receive": {
      const { transfer, ...held } = command.held;
      return [
        {
          type: "WithdrawalRequested",
          data: {
            ...held,
            transferId: transfer.id,
            amount: transfer.amount,
            userId: command.userId,
            from: command.from,
          },
        },
      ];
    }
    case "ApproveWithdrawal":
      return approve(state, command);
    case "DisapproveWithdrawal": {
      const request = pendingRequest(state, "Withdrawal");
      const transfer: Transfer = {
        id: stepId(request.withdrawalId, "release"),
        to: request.from,
        amount: request.amount,
        reason: "withdrawalReleased",
        main: request.fromMain,
        bonus: request.fromBonus,
      };
      return [
        { type: "WithdrawalDisapproved", data: { disapprovedBy: command.disapprovedBy, transfer } },
      ];
    }
  }
}

function approve(
  state: WithdrawalState,
  command: Extract<WithdrawalCommand, { type: "ApproveWithdrawal" }>,
): WithdrawalEvent[] {
  const request = pendingRequest(state, "Withdrawal");
  const payout = request.amount - request.fee;
  const base = { approvedBy: command.approvedBy, fee: request.fee, payout };
  if (request.method === "bank") {
    const reference = command.withdrawCode.plain;
    return [{ type: "WithdrawalApproved", data: { ...base, reference, agentTransfer: null } }];
  }
  if (!command.agentId) {
    return refuse("invalid", "A withdrawal through an agent is approved by an agent.");
  }
  if (!codeMatches(request.withdrawCode, command.withdrawCode)) {
    return refuse("wrong_code", "The withdraw code does not match.");
  }
  // The code has done its work; the approval records only what staff may see of it.
  const reference = request.codeHint ?? maskCode(request.withdrawCode);
  const agentTransfer: Transfer | null =
    payout > 0
      ? {
          id: stepId(request.withdrawalId, "to-agent"),
          to: agentStream(command.agentId),
          amount: payout,
          reason: "withdrawalToAgent",
        }
      : null;
  const { advanceBasisPoints } = command;
  const advance = agentAdvance(request.withdrawalId, command.agentId, payout, advanceBasisPoints);
  return [
    {
      type: "WithdrawalApproved",
      data: { ...base, reference, agentTransfer, advanceBasisPoints, advance },
    },
  ];
}
