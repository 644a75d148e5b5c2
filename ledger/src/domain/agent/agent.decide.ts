import { refuse } from "../ledger-error.ts";
import { depositStream } from "../stream-ids.ts";
import type { Transfer } from "../transfer.ts";
import type { AgentEvent, AgentState } from "./agent.events.ts";

export type AgentCommand =
  | {
      type: "FundDeposit";
      transferId: string;
      depositId: string;
      depositCode: string;
      amount: number;
    }
  | { type: "Receive"; transfer: Transfer; from: string };

export function decideAgent(state: AgentState, command: AgentCommand): AgentEvent[] {
  switch (command.type) {
    case "FundDeposit": {
      if (state.float < command.amount) {
        return refuse("insufficient_float", "Not enough float to approve this deposit.");
      }
      const transfer: Transfer = {
        id: command.transferId,
        to: depositStream(command.depositId),
        amount: command.amount,
        reason: "agentDeposit",
      };
      const { depositId, depositCode } = command;
      return [{ type: "AgentDepositFunded", data: { transfer, depositId, depositCode } }];
    }
    case "Receive": {
      const { transfer, from } = command;
      return [
        {
          type: "AgentFloatCredited",
          data: { transferId: transfer.id, from, amount: transfer.amount, reason: transfer.reason },
        },
      ];
    }
  }
}
