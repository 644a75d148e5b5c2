import type { z } from "zod";
import { agentAdvance } from "../agent/agent-advance.ts";
import { refuse } from "../ledger-error.ts";
import { pendingRequest } from "../request-status.ts";
import { agentStream } from "../stream-ids.ts";
import { stepId, type Transfer } from "../transfer.ts";
import type { ChargeEvent, ChargeState, chargeEvents } from "./charge.events.ts";

export type ChargeCommand =
  | ({ type: "RequestCharge" } & z.infer<typeof chargeEvents.ChargeRequested>)
  | { type: "ApproveCharge"; approvedBy: string }
  | { type: "DisapproveCharge"; disapprovedBy: string };

export function decideCharge(state: ChargeState, command: ChargeCommand): ChargeEvent[] {
  switch (command.type) {
    case "RequestCharge": {
      if (state.status !== "none") return refuse("invalid", "This charge request already exists.");
      const { type: _, ...request } = command;
      return [{ type: "ChargeRequested", data: request }];
    }
    case "ApproveCharge": {
      const request = pendingRequest(state, "Charge");
      const transfer: Transfer = {
        id: stepId(request.chargeId, "charge-credit"),
        to: agentStream(request.agentId),
        amount: request.amount,
        reason: "charge",
      };
      const advance = agentAdvance(
        request.chargeId,
        request.agentId,
        request.amount,
        request.advanceBasisPoints ?? 0,
      );
      return [
        { type: "ChargeApproved", data: { approvedBy: command.approvedBy, transfer, advance } },
      ];
    }
    case "DisapproveCharge":
      pendingRequest(state, "Charge");
      return [{ type: "ChargeDisapproved", data: { disapprovedBy: command.disapprovedBy } }];
  }
}
