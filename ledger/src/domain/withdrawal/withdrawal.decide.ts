import {
  PAYMENT_REFERENCE_REQUIRED,
  paymentReferenceSchema,
  WITHDRAW_CODE_REQUIRED,
} from "@igp/shared";
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
      proof: WithdrawalProof;
      /** Set when an agent approves: an agent-method payout goes to that agent's float. */
      agentId: string | null;
      /** The subAdminWithdraw advance rate now: the agent earns it on the payout. */
      advanceBasisPoints: number;
    }
  | { type: "DisapproveWithdrawal"; disapprovedBy: string };

/**
 * What approves a withdrawal: through an agent, the code the player gave the agent (it must
 * match); to a bank, the payment reference of the transfer staff made (recorded as the
 * approval's `reference`, shown to the player).
 */
export type WithdrawalProof = { withdrawCode: PresentedCode } | { paymentReference: string };

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
  const { proof } = command;
  if (request.method === "bank") {
    if (!("paymentReference" in proof)) return refuse("invalid", PAYMENT_REFERENCE_REQUIRED);
    const reference = paymentReferenceSchema.safeParse(proof.paymentReference);
    if (!reference.success) return refuse("invalid", reference.error.issues[0]!.message);
    return [
      {
        type: "WithdrawalApproved",
        data: { ...base, reference: reference.data, agentTransfer: null },
      },
    ];
  }
  if (!command.agentId) {
    return refuse("invalid", "A withdrawal through an agent is approved by an agent.");
  }
  if (!("withdrawCode" in proof)) return refuse("invalid", WITHDRAW_CODE_REQUIRED);
  if (!codeMatches(request.withdrawCode, proof.withdrawCode)) {
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
