import { advanceOf } from "./agent/agent-advance.ts";
import type { LedgerEvent } from "./stream-kinds.ts";
import type { Transfer } from "./transfer.ts";

/**
 * How one event moves money, beside the change to its own stream's balance:
 * money entering or leaving the platform, the house's share, transfers sent and received.
 * For every event: Δ(stream money) + house + Σ sent − Σ received = moneyIn − moneyOut.
 */
export interface MoneyEffect {
  moneyIn: number;
  moneyOut: number;
  house: number;
  sent: Transfer[];
  received: { transferId: string; amount: number } | null;
}

const none: MoneyEffect = { moneyIn: 0, moneyOut: 0, house: 0, sent: [], received: null };

export function moneyEffect(event: LedgerEvent): MoneyEffect {
  switch (event.type) {
    case "WalletCredited":
    case "AgentFloatCredited":
    case "AgentFundsReceived":
    case "WithdrawalRequested":
    case "StakeReceived":
      return {
        ...none,
        received: { transferId: event.data.transferId, amount: event.data.amount },
      };
    case "BonusGranted":
      return { ...none, moneyIn: event.data.amount };
    case "BankDepositApproved":
      return { ...none, moneyIn: event.data.transfer.amount, sent: [event.data.transfer] };
    case "ChargeApproved": {
      const { transfer, advance } = event.data;
      return {
        ...none,
        moneyIn: transfer.amount,
        house: 0 - advanceOf(event.data), // never -0
        sent: advance ? [transfer, advance] : [transfer],
      };
    }
    case "StakePlaced":
    case "WithdrawalHeld":
    case "AgentDepositFunded":
    case "AgentDepositApproved":
    case "AgentFundsReturned":
    case "WithdrawalDisapproved":
    case "StakeReturned":
      return { ...none, sent: [event.data.transfer] };
    case "WithdrawalApproved": {
      const { fee, payout, agentTransfer, advance } = event.data;
      const house = fee - advanceOf(event.data);
      return agentTransfer
        ? { ...none, house, sent: advance ? [agentTransfer, advance] : [agentTransfer] }
        : { ...none, house, moneyOut: payout };
    }
    case "RoundSettled": {
      const prizes = event.data.prizes.reduce((sum, t) => sum + t.amount, 0);
      return {
        ...none,
        house: event.data.houseCut - prizes,
        sent: [...event.data.payouts, ...event.data.prizes],
      };
    }
    case "RoundPaid": {
      const prizes = event.data.prizes.reduce((sum, t) => sum + t.amount, 0);
      return { ...none, house: 0 - prizes, sent: [...event.data.payouts, ...event.data.prizes] };
    }
    case "RoundCancelled":
    case "StakesRefunded":
      return { ...none, sent: event.data.refunds };
    case "DepositRequested":
    case "DepositDisapproved":
    case "ChargeRequested":
    case "ChargeDisapproved":
    case "RoundOpened":
    case "StakesDeadlineMoved":
    case "StakesClosed":
    case "PlayLimitSet":
    case "PlayBreakTaken":
    case "AgeConfirmed":
    case "DepositCounted":
      return none;
  }
}

export const transfersSent = (event: LedgerEvent): Transfer[] => moneyEffect(event).sent;
