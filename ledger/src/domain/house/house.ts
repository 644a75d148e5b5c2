import { advanceOf } from "../agent/agent-advance.ts";
import { moneyEffect } from "../money-flow.ts";
import type { LedgerEvent } from "../stream-kinds.ts";

/**
 * The house is not a stream: its cuts, fees and prizes are recorded in the events that cause
 * them (a settlement, a paid withdrawal), so no settlement queues behind one hot stream.
 * Its balance is this fold over the global stream; it may go negative (prizes paid first).
 */
export interface HouseState {
  roundCuts: number;
  withdrawalFees: number;
  prizesPaid: number;
  /** Advances paid to agents on the withdrawals they paid out and the charges they bought. */
  agentAdvances: number;
  balance: number;
}

export const initialHouse = (): HouseState => ({
  roundCuts: 0,
  withdrawalFees: 0,
  prizesPaid: 0,
  agentAdvances: 0,
  balance: 0,
});

export function evolveHouse(state: HouseState, event: LedgerEvent): HouseState {
  switch (event.type) {
    case "RoundPaid":
    case "RoundSettled": {
      const prizes = event.data.prizes.reduce((sum, t) => sum + t.amount, 0);
      const cut = event.type === "RoundSettled" ? event.data.houseCut : 0;
      return {
        ...state,
        roundCuts: state.roundCuts + cut,
        prizesPaid: state.prizesPaid + prizes,
        balance: state.balance + moneyEffect(event).house,
      };
    }
    case "WithdrawalApproved":
      return {
        ...state,
        withdrawalFees: state.withdrawalFees + event.data.fee,
        agentAdvances: state.agentAdvances + advanceOf(event.data),
        balance: state.balance + moneyEffect(event).house,
      };
    case "ChargeApproved":
      return {
        ...state,
        agentAdvances: state.agentAdvances + advanceOf(event.data),
        balance: state.balance + moneyEffect(event).house,
      };
    default:
      return state;
  }
}
