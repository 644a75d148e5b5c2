import { amountMinorSchema, GAME_TYPES, partMinorSchema } from "@igp/shared";
import { z } from "zod";
import { idSchema, jsonValue, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import { transferSchema } from "../transfer.ts";
import { type Stake, StakeList } from "./stake-list.ts";

export type { Stake } from "./stake-list.ts";

/**
 * The most transfers one event carries (about 45 KB of JSON, under the event store's 64 KB limit
 * per event). A settlement or a cancellation with more (a lottery's
 * thousands of refunds) is recorded as several events in one append: `RoundPaid` or
 * `StakesRefunded` chunks, then the terminal `RoundSettled` or `RoundCancelled` with the last
 * chunk. A round has no limit on its stakes; an event stays small enough to hash and validate.
 */
export const TRANSFERS_PER_EVENT = 250;
/**
 * Refund chunks stored per append (the store takes at most 100 events per append): a larger
 * cancellation takes several appends, the round `refunding` (taking nothing) in between.
 */
export const REFUND_CHUNKS_PER_APPEND = 50;

const transferChunk = z.array(transferSchema).max(TRANSFERS_PER_EVENT);

/**
 * round-<id>: the money of one game round or lottery. Stakes are held in the round's escrow
 * until it settles (payouts, the rest to the house as its cut, lottery prizes from the house)
 * or is cancelled (every stake refunded to where it came from). A round may stop taking stakes
 * before its draw (`StakesClosed`: the list drawn among is then final) and may take them only
 * until a time (`stakesUntil`, a lottery's out date), judged by when the stake was placed.
 */
export const roundEvents = {
  RoundOpened: z.object({
    roundId: idSchema,
    game: z.enum(GAME_TYPES),
    betAmount: amountMinorSchema,
    /** The house cut of the pot, in basis points (1000 = 10%), fixed when the round opened. */
    cutBasisPoints: z.number().int().min(0).max(10_000),
    /** What the game needs to resume the round after a restart (code, deadline, commitment...). */
    details: z.record(z.string(), jsonValue).optional(),
    /** Stakes placed after this time go back (a lottery's out date); none when absent. */
    stakesUntil: z.iso.datetime().optional(),
  }),
  StakeReceived: z.object({
    transferId: z.uuid(),
    from: streamIdSchema,
    userId: idSchema,
    amount: amountMinorSchema,
    fromMain: partMinorSchema,
    fromBonus: partMinorSchema,
    /**
     * The game's choice (side, numbers) and client seed; `seats` (a list of strings) names what
     * the stake holds, which no other stake of the round may hold.
     */
    selection: z.record(z.string(), jsonValue).optional(),
    /** The stake's number in the round, 1 for the first received (a lottery's ticket number). */
    number: z.number().int().positive().optional(),
  }),
  /**
   * A stake that arrived after the round stopped taking stakes, or that claims a seat another
   * stake holds, goes straight back.
   */
  StakeReturned: z.object({
    transfer: transferSchema,
    stakeTransferId: z.uuid(),
    why: z.enum(["roundClosed", "seatTaken"]).optional(),
  }),
  /** The time until which stakes are taken moved (a lottery's new out date). */
  StakesDeadlineMoved: z.object({ stakesUntil: z.iso.datetime() }),
  /** No more stakes: the stakes held now are the ones drawn among. */
  StakesClosed: z.object({ closedAt: z.iso.datetime() }),
  /** A chunk of a settlement with more transfers than one event carries. */
  RoundPaid: z.object({ payouts: transferChunk, prizes: transferChunk }),
  RoundSettled: z.object({
    payouts: transferChunk,
    /** The escrow left after every payout of the settlement (chunks included): the house's. */
    houseCut: partMinorSchema,
    /** Lottery prizes, paid by the house rather than from the escrow. */
    prizes: transferChunk,
    /** The draw that decided the payouts, with the revealed server seed (provably fair). */
    draw: z.record(z.string(), jsonValue).optional(),
  }),
  /** A chunk of a cancellation's refunds. */
  StakesRefunded: z.object({ refunds: transferChunk }),
  RoundCancelled: z.object({
    refunds: transferChunk,
    why: z.string().max(200),
  }),
} as const;

export type RoundEvent = EventUnion<typeof roundEvents>;

export interface RoundState {
  /** closed: takes no more stakes, not drawn yet; refunding: a cancellation under way. */
  status: "none" | "open" | "closed" | "refunding" | "settled" | "cancelled";
  opened: z.infer<typeof roundEvents.RoundOpened> | null;
  settled: z.infer<typeof roundEvents.RoundSettled> | null;
  /** The stakes held (returned ones left out), in the order received. */
  stakes: StakeList;
  escrow: number;
  /** Stakes received so far, returned ones included: the next stake's number is this + 1. */
  received: number;
  stakesUntil: string | null;
  /** Stakes refunded so far by a cancellation under way (in stake order). */
  refunded: number;
}

/** The seats a stake holds (its selection's `seats`), as strings. */
export function seatsOf(selection: Stake["selection"]): string[] {
  const seats = selection?.seats;
  return Array.isArray(seats) ? seats.map(String) : [];
}

export const initialRound = (): RoundState => ({
  status: "none",
  opened: null,
  settled: null,
  stakes: StakeList.of(),
  escrow: 0,
  received: 0,
  stakesUntil: null,
  refunded: 0,
});

const sumOf = (transfers: { amount: number }[]) => transfers.reduce((sum, t) => sum + t.amount, 0);

export function evolveRound(state: RoundState, event: RoundEvent): RoundState {
  switch (event.type) {
    case "RoundOpened":
      return {
        ...state,
        status: "open",
        opened: event.data,
        stakesUntil: event.data.stakesUntil ?? null,
      };
    case "StakeReceived": {
      const { transferId, userId, amount, fromMain, fromBonus, selection, number } = event.data;
      const stake = { transferId, userId, amount, fromMain, fromBonus, selection, number };
      return {
        ...state,
        stakes: state.stakes.append(stake),
        escrow: state.escrow + amount,
        received: state.received + 1,
      };
    }
    case "StakesDeadlineMoved":
      return { ...state, stakesUntil: event.data.stakesUntil };
    case "StakesClosed":
      return { ...state, status: "closed" };
    case "RoundPaid":
      return { ...state, escrow: state.escrow - sumOf(event.data.payouts) };
    case "StakesRefunded":
      return {
        ...state,
        status: "refunding",
        escrow: state.escrow - sumOf(event.data.refunds),
        refunded: state.refunded + event.data.refunds.length,
      };
    case "StakeReturned":
      return {
        ...state,
        stakes: state.stakes.without(event.data.stakeTransferId),
        escrow: state.escrow - event.data.transfer.amount,
      };
    case "RoundSettled":
      return { ...state, status: "settled", settled: event.data, escrow: 0 };
    case "RoundCancelled":
      return { ...state, status: "cancelled", escrow: 0 };
  }
}
