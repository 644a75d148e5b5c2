import type { LimitKind } from "@igp/shared";
import { MAX_BALANCE_MINOR, splitStake, splitWithdrawal } from "@igp/shared";
import type { JsonValue } from "../../event-store/event-store.ts";
import { refuse } from "../ledger-error.ts";
import { roundStream, withdrawalStream } from "../stream-ids.ts";
import type { Transfer } from "../transfer.ts";
import { assertMayDeposit, assertMayStake, breakTaken, limitChange } from "./safer-play.ts";
import type { WalletEvent, WalletState } from "./wallet.events.ts";

export type WalletCommand =
  | {
      type: "PlaceStake";
      stakeId: string;
      roundId: string;
      amount: number;
      selection?: Record<string, JsonValue>;
      /** When: the stake counts in this time's loss windows. */
      at: string;
      /** Refuse it until the player has confirmed the minimum age (docs/safer-play.md). */
      requireAge?: boolean;
    }
  /** A deposit request, counted against the deposit limits before the request is stored. */
  | { type: "CountDeposit"; depositId: string; amount: number; at: string }
  | { type: "SetPlayLimit"; limit: LimitKind; amount: number | null; at: string; setBy: string }
  | {
      type: "TakeBreak";
      kind: "timeOut" | "selfExclusion";
      until: string | null;
      at: string;
      takenBy: string;
    }
  | { type: "ConfirmAge"; minimumAge: number; at: string }
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
      assertMayStake(state.play, command.amount, command.at, command.requireAge ?? false);
      const split = splitStake(state, command.amount);
      if (!split) return refuse("insufficient_funds", "Insufficient balance for this bet.");
      const transfer: Transfer = {
        id: command.stakeId,
        to: roundStream(command.roundId),
        amount: command.amount,
        reason: "stake",
      };
      const { selection, at } = command;
      return [
        {
          type: "StakePlaced",
          data: {
            transfer,
            roundId: command.roundId,
            ...split,
            ...(selection && { selection }),
            at,
          },
        },
      ];
    }
    case "CountDeposit": {
      assertMayDeposit(state.play, command.amount, command.at);
      const { depositId, amount, at } = command;
      return [{ type: "DepositCounted", data: { depositId, amount, at } }];
    }
    case "SetPlayLimit":
      return [limitChange(state.play, command.limit, command.amount, command.at, command.setBy)];
    case "TakeBreak":
      return [breakTaken(state.play, command.kind, command.until, command.at, command.takenBy)];
    case "ConfirmAge":
      if (state.play?.ageConfirmed) return [];
      return [
        {
          type: "AgeConfirmed",
          data: { minimumAge: command.minimumAge, termsAccepted: true, at: command.at },
        },
      ];
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
