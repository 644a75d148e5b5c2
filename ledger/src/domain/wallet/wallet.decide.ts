import { MAX_BALANCE_MINOR, splitStake, splitWithdrawal } from "@igp/shared";
import type { JsonValue } from "../../event-store/event-store.ts";
import { refuse } from "../ledger-error.ts";
import { roundStream, withdrawalStream } from "../stream-ids.ts";
import type { Transfer } from "../transfer.ts";
import type { WalletEvent, WalletState } from "./wallet.events.ts";

export type WalletCommand =
  | {
      type: "PlaceStake";
      stakeId: string;
      roundId: string;
      amount: number;
      selection?: Record<string, JsonValue>;
    }
  | {
      type: "HoldWithdrawal";
      withdrawalId: string;
      transferId: string;
      amount: number;
      allowBonus: boolean;
      method: "agent" | "bank";
      bankName?: string;
      accountNumber: string;
      /** The code's stored form (see request-code.ts). */
      withdrawCode: string;
      codeHint?: string;
      sealedCode?: string;
      at: string;
    }
  | { type: "GrantBonus"; grantId: string; amount: number; grantedBy: string; note?: string }
  | { type: "Receive"; transfer: Transfer; from: string };

export function decideWallet(state: WalletState, command: WalletCommand): WalletEvent[] {
  switch (command.type) {
    case "PlaceStake": {
      const split = splitStake(state, command.amount);
      if (!split) return refuse("insufficient_funds", "Insufficient balance for this bet.");
      const transfer: Transfer = {
        id: command.stakeId,
        to: roundStream(command.roundId),
        amount: command.amount,
        reason: "stake",
      };
      const { selection } = command;
      return [
        {
          type: "StakePlaced",
          data: { transfer, roundId: command.roundId, ...split, ...(selection && { selection }) },
        },
      ];
    }
    case "HoldWithdrawal": {
      const split = splitWithdrawal(state, command.amount, command.allowBonus);
      if (!split) {
        return refuse(
          "insufficient_funds",
          command.allowBonus || state.main + state.bonus < command.amount
            ? "Insufficient balance for this withdrawal."
            : "Insufficient withdrawable balance. Allow withdrawing from the bonus balance to use it.",
        );
      }
      const { type: _, transferId, amount, allowBonus: __, ...request } = command;
      const transfer: Transfer = {
        id: transferId,
        to: withdrawalStream(command.withdrawalId),
        amount,
        reason: "withdrawalHold",
      };
      const { fromMain, fromBonus, fee } = split;
      const { at, ...details } = request;
      return [
        {
          type: "WithdrawalHeld",
          data: { transfer, ...details, fromMain, fromBonus, fee, requestedAt: at },
        },
      ];
    }
    case "GrantBonus": {
      if (state.bonus + command.amount > MAX_BALANCE_MINOR) {
        return refuse("invalid", "This bonus would exceed the maximum balance.");
      }
      const { type: _, ...grant } = command;
      return [{ type: "BonusGranted", data: grant }];
    }
    case "Receive":
      return [walletCredit(command.transfer, command.from)];
  }
}

/**
 * A transfer's credit to a wallet. It depends on nothing of the wallet's state (a credit is never
 * refused), so it can be stored with the decision that sends it, at whatever revision the
 * wallet has (CommandHandler.executeWithCredits).
 */
export function walletCredit(transfer: Transfer, from: string): WalletEvent {
  return {
    type: "WalletCredited",
    data: {
      transferId: transfer.id,
      from,
      amount: transfer.amount,
      main: transfer.main ?? transfer.amount,
      bonus: transfer.bonus ?? 0,
      reason: transfer.reason,
    },
  };
}
