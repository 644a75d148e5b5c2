import { basisPointsOf } from "@igp/shared";
import type { z } from "zod";
import type { JsonValue } from "../../event-store/event-store.ts";
import { refuse } from "../ledger-error.ts";
import { walletStream } from "../stream-ids.ts";
import { stepId, type Transfer } from "../transfer.ts";
import type { walletEvents } from "../wallet/wallet.events.ts";
import {
  REFUND_CHUNKS_PER_APPEND,
  type RoundEvent,
  type RoundState,
  type roundEvents,
  type Stake,
  seatsOf,
  TRANSFERS_PER_EVENT,
} from "./round.events.ts";

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
      /** When the wallet placed the stake: a round with `stakesUntil` returns later ones. */
      placedAt?: string;
    }
  | { type: "MoveStakesDeadline"; stakesUntil: string }
  | { type: "CloseStakes"; at: string }
  /** Payouts come out of the escrow, the house keeps the rest; prizes are paid by the house. */
  | { type: "SettleRound"; payouts: Award[]; prizes: Award[]; draw?: Record<string, JsonValue> }
  | {
      type: "CancelRound";
      why: string;
      /**
       * Refunds per append, when each append also carries the wallets' credits (at most
       * `perWallet` to one wallet): see `cancel`. Without it, REFUND_CHUNKS_PER_APPEND chunks.
       */
      batch?: RefundBatch;
    };

export interface RefundBatch {
  refunds: number;
  perWallet: number;
}

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
    case "MoveStakesDeadline":
      if (state.status !== "open" && state.status !== "closed") undecided(state);
      if (state.status === "closed")
        return refuse("not_pending", "This round takes no more stakes.");
      return [{ type: "StakesDeadlineMoved", data: { stakesUntil: command.stakesUntil } }];
    case "CloseStakes":
      if (state.status === "closed") return [];
      undecided(state);
      return [{ type: "StakesClosed", data: { closedAt: command.at } }];
    case "CancelRound":
      return cancel(state, command.why, command.batch);
  }
}

/**
 * Every stake not refunded yet goes back where it came from, in chunks; the last append of the
 * cancellation ends with RoundCancelled. One with more than REFUND_CHUNKS_PER_APPEND chunks
 * left (or, given a `batch`, more refunds than it holds) stores that many and leaves the round
 * `refunding`: the caller cancels again. The refunds are taken in stake order, so where each
 * append ends depends only on how many were refunded before it.
 */
function cancel(state: RoundState, why: string, batch?: RefundBatch): RoundEvent[] {
  if (state.status !== "refunding") undecided(state);
  const left = state.stakes.items.slice(state.refunded);
  const taken = batch ? left.slice(0, batchEnd(left, batch)) : left;
  const refunds: Transfer[] = taken.map((stake) => ({
    id: stepId(stake.transferId, "refund"),
    to: walletStream(stake.userId),
    amount: stake.amount,
    reason: "stakeRefund",
    main: stake.fromMain,
    bonus: stake.fromBonus,
  }));
  const chunks = chunked(refunds);
  const refunded = (chunk: Transfer[]): RoundEvent => ({
    type: "StakesRefunded",
    data: { refunds: chunk },
  });
  if (chunks.length > REFUND_CHUNKS_PER_APPEND)
    return chunks.slice(0, REFUND_CHUNKS_PER_APPEND).map(refunded);
  if (taken.length < left.length) return chunks.map(refunded);
  const last = chunks.pop()!;
  return [...chunks.map(refunded), { type: "RoundCancelled", data: { refunds: last, why } }];
}

/** How many of the stakes left one batch refunds: up to its size, and `perWallet` to a wallet. */
function batchEnd(left: readonly Stake[], batch: RefundBatch): number {
  const perWallet = new Map<string, number>();
  const end = Math.min(left.length, batch.refunds);
  for (let i = 0; i < end; i++) {
    const count = (perWallet.get(left[i]!.userId) ?? 0) + 1;
    if (count > batch.perWallet) return i;
    perWallet.set(left[i]!.userId, count);
  }
  return end;
}

/** A round not drawn nor cancelled yet (open, or closed to new stakes). */
function undecided(state: RoundState) {
  if (state.status === "none") return refuse("not_found", "Round not found.");
  if (state.status !== "open" && state.status !== "closed")
    return refuse("not_pending", `This round is already ${state.status}.`);
  return state.opened!;
}

/** Transfers in chunks of at most TRANSFERS_PER_EVENT; always at least one (maybe empty). */
function chunked(transfers: Transfer[]): Transfer[][] {
  const chunks: Transfer[][] = [];
  for (let i = 0; i < transfers.length; i += TRANSFERS_PER_EVENT)
    chunks.push(transfers.slice(i, i + TRANSFERS_PER_EVENT));
  return chunks.length > 0 ? chunks : [[]];
}

/** Is the stake placed after the round's `stakesUntil`? */
function placedTooLate(state: RoundState, placedAt: string | undefined): boolean {
  if (!state.stakesUntil || !placedAt) return false;
  return Date.parse(placedAt) > Date.parse(state.stakesUntil);
}

/**
 * A stake is always received; when the round no longer takes stakes, or the stake claims a seat
 * (a side, a number) an earlier stake holds, it goes straight back: no seat is ever held twice.
 * A stake delivered again (the transfer reactor finishing a transfer the room has just
 * delivered) changes nothing: decided afresh on a round closed meanwhile, it would add a return
 * the first delivery did not make, a repeat the store refuses as unlike its original.
 */
function receiveStake(
  state: RoundState,
  command: Extract<RoundCommand, { type: "Receive" }>,
): RoundEvent[] {
  const { transfer, fromMain, fromBonus, selection } = command.placed;
  if (state.stakes.has(transfer.id)) return [];
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
      number: state.received + 1,
    },
  };
  const takes = state.status === "open" && !placedTooLate(state, command.placedAt);
  const seatTaken = takes && holdsAny(state, seatsOf(selection));
  if (takes && !seatTaken) return [received];
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
        why: seatTaken ? "seatTaken" : "roundClosed",
      },
    },
  ];
}

/** Does an earlier stake hold one of these seats? (Stakes without seats, tickets, skip the scan.) */
function holdsAny(state: RoundState, seats: string[]): boolean {
  if (seats.length === 0) return false;
  const held = new Set(state.stakes.items.flatMap((stake) => seatsOf(stake.selection)));
  return seats.some((seat) => held.has(seat));
}

function settle(
  state: RoundState,
  command: Extract<RoundCommand, { type: "SettleRound" }>,
): RoundEvent[] {
  const opened = undecided(state);
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
  const payouts = chunked(toTransfers(command.payouts, "payout"));
  const prizes = chunked(toTransfers(command.prizes, "prize"));
  const events: RoundEvent[] = [];
  while (payouts.length > 1 || prizes.length > 1)
    events.push({
      type: "RoundPaid",
      data: {
        payouts: payouts.length > 1 ? payouts.shift()! : [],
        prizes: prizes.length > 1 ? prizes.shift()! : [],
      },
    });
  events.push({
    type: "RoundSettled",
    data: {
      payouts: payouts[0]!,
      houseCut: state.escrow - paid,
      prizes: prizes[0]!,
      ...(command.draw && { draw: command.draw }),
    },
  });
  return events;
}
