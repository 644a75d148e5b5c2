import { amountMinorSchema } from "@igp/shared";
import { z } from "zod";
import { idSchema, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import { CREDIT_REASONS, transferSchema } from "../transfer.ts";

/** agent-<adminId>: an agent's float, the money it can hand out to players. */
export const agentEvents = {
  AgentFloatCredited: z.object({
    transferId: z.uuid(),
    from: streamIdSchema,
    amount: amountMinorSchema,
    reason: z.enum(CREDIT_REASONS),
  }),
  AgentDepositFunded: z.object({
    transfer: transferSchema,
    depositId: idSchema,
    depositCode: idSchema,
  }),
} as const;

export interface AgentState {
  float: number;
}

export const initialAgent = (): AgentState => ({ float: 0 });

export type AgentEvent = EventUnion<typeof agentEvents>;

export function evolveAgent(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case "AgentFloatCredited":
      return { float: state.float + event.data.amount };
    case "AgentDepositFunded":
      return { float: state.float - event.data.transfer.amount };
  }
}
