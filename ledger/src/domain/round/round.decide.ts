import { basisPointsOf } from "@igp/shared";
import type { z } from "zod";
import type { JsonValue } from "../../event-store/event-store.ts";
import { refuse } from "../ledger-error.ts";
import { walletStream } from "../stream-ids.ts";
import { stepId, type Transfer } from "../transfer.ts";
import type { walletEvents } from "../wallet/wallet.events.ts";
import { type RoundEvent, type RoundState, type roundEvents, seatsOf } from "./round.events.ts";

export interface Award {
  userId: string;
  amount: number;
}

export type RoundCommand =
  | ({ type: "OpenRound" } & z.infer<typeof roundEvents.RoundOpened>)
  /** A stake arriving from a wallet (see StakePlaced). */
  | {
      type: "Receive";
      from: string;
      userId: string;
      placed: z.infer<typeof walletEvents.StakePlaced>;
    }
  /** Payouts come out of the escrow, the house keeps the rest; prizes are paid by the house. */
  | { type: "SettleRound"; payouts: Award[]; prizes: Award[]; draw?: Record<string, JsonValue> }
  | { type: "CancelRound"; why: string };

/** What the winner of a pot receives after the house cut (rounded in the player's favour). */
export function potAfterCut(pot: number, cutBasisPoints: number): number {
  return pot - basisPointsOf(pot, cutBasisPoints);
}

export function decideRound(state: RoundState, command: RoundCommand): RoundEvent[] {
  switch (command.type) {
    case "OpenRound": {
      if (state.status !== "none") return refuse("invalid", "This round already exists.");
      const { type: _, ...opened } = command;
      return [{ type: "RoundOpened", data: opened }];
    }
    case "Receive":
      return receiveStake(state, command);
    case "SettleRound":
      return settle(state, command);
    case "CancelRound": {
      openRound(state);
      const refunds: Transfer[] = state.stakes.map((stake) => ({
        id: stepId(stake.transferId, "refund"),
        to: walletStream(stake.userId),
        amount: stake.amount,
        reason: "stakeRefund",
        main: stake.fromMain,
        bonus: stake.fromBonus,
      }));
      return [{ type: "RoundCancelled", data: { refunds, why: command.why } }];
    }
  }
}

function openRound(state: RoundState) {
  if (state.status === "none") return refuse("not_found", "Round not found.");
  if (state.status !== "open")
    return refuse("not_pending", `This round is already ${state.status}.`);
  return state.opened!;
}

/**
 * A stake is always received; when the round no longer takes stakes, or the stake claims a seat
 * (a side, a number) an earlier stake holds, it goes straight back: no seat is ever held twice.
 */
function receiveStake(
  state: RoundState,
  command: Extract<RoundCommand, { type: "Receive" }>,
): RoundEvent[] {
  const { transfer, fromMain, fromBonus, selection } = command.placed;
  const received: RoundEvent = {
    type: "StakeReceived",
    data: {
      transferId: transfer.id,
      from: command.from,
      userId: command.userId,
      amount: transfer.amount,
      fromMain,
      fromBonus,
      ...(selection && { selection }),
    },
  };
  const held = new Set(state.stakes.flatMap((stake) => seatsOf(stake.selection)));
  const seatTaken = seatsOf(selection).some((seat) => held.has(seat));
  if (state.status === "open" && !seatTaken) return [received];
  const back: Transfer = {
    id: stepId(transfer.id, "return"),
    to: command.from,
    amount: transfer.amount,
    reason: "stakeReturned",
    main: fromMain,
    bonus: fromBonus,
  };
  return [
    received,
    {
      type: "StakeReturned",
      data: {
        transfer: back,
        stakeTransferId: transfer.id,
        why: state.status === "open" ? "seatTaken" : "roundClosed",
      },
    },
  ];
}

function settle(
  state: RoundState,
  command: Extract<RoundCommand, { type: "SettleRound" }>,
): RoundEvent[] {
  const opened = openRound(state);
  const paid = command.payouts.reduce((sum, award) => sum + award.amount, 0);
  if (paid > state.escrow) return refuse("invalid", "Payouts exceed the round's stakes.");
  const toTransfers = (awards: Award[], reason: "payout" | "prize") =>
    awards.map(
      (award, index): Transfer => ({
        id: stepId(opened.roundId, reason, index, award.userId),
        to: walletStream(award.userId),
        amount: award.amount,
        reason,
      }),
    );
  return [
    {
      type: "RoundSettled",
      data: {
        payouts: toTransfers(command.payouts, "payout"),
        houseCut: state.escrow - paid,
        prizes: toTransfers(command.prizes, "prize"),
        ...(command.draw && { draw: command.draw }),
      },
    },
  ];
}
