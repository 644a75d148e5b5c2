import { amountMinorSchema, GAME_TYPES, partMinorSchema } from "@igp/shared";
import { z } from "zod";
import { idSchema, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import { transferSchema } from "../transfer.ts";

/**
 * round-<id>: the money of one game round or lottery. Stakes are held in the round's escrow
 * until it settles (payouts, the rest to the house as its cut, lottery prizes from the house)
 * or is cancelled (every stake refunded to where it came from).
 */
export const roundEvents = {
  RoundOpened: z.object({
    roundId: idSchema,
    game: z.enum(GAME_TYPES),
    betAmount: amountMinorSchema,
    /** The house cut of the pot, in basis points (1000 = 10%), fixed when the round opened. */
    cutBasisPoints: z.number().int().min(0).max(10_000),
    /** What the game needs to resume the round after a restart (code, deadline, commitment...). */
    details: z.record(z.string(), z.json()).optional(),
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
    selection: z.record(z.string(), z.json()).optional(),
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
  RoundSettled: z.object({
    payouts: z.array(transferSchema).max(1000),
    houseCut: partMinorSchema,
    /** Lottery prizes, paid by the house rather than from the escrow. */
    prizes: z.array(transferSchema).max(1000),
    /** The draw that decided the payouts, with the revealed server seed (provably fair). */
    draw: z.record(z.string(), z.json()).optional(),
  }),
  RoundCancelled: z.object({
    refunds: z.array(transferSchema).max(10_000),
    why: z.string().max(200),
  }),
} as const;

export type RoundEvent = EventUnion<typeof roundEvents>;

export interface Stake {
  transferId: string;
  userId: string;
  selection?: Record<string, z.infer<ReturnType<typeof z.json>>>;
  amount: number;
  fromMain: number;
  fromBonus: number;
}

export interface RoundState {
  status: "none" | "open" | "settled" | "cancelled";
  opened: z.infer<typeof roundEvents.RoundOpened> | null;
  settled: z.infer<typeof roundEvents.RoundSettled> | null;
  stakes: Stake[];
  escrow: number;
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
  stakes: [],
  escrow: 0,
});

export function evolveRound(state: RoundState, event: RoundEvent): RoundState {
  switch (event.type) {
    case "RoundOpened":
      return { ...state, status: "open", opened: event.data };
    case "StakeReceived": {
      const { transferId, userId, amount, fromMain, fromBonus, selection } = event.data;
      const stake = { transferId, userId, amount, fromMain, fromBonus, selection };
      return { ...state, stakes: [...state.stakes, stake], escrow: state.escrow + amount };
    }
    case "StakeReturned":
      return {
        ...state,
        stakes: state.stakes.filter((s) => s.transferId !== event.data.stakeTransferId),
        escrow: state.escrow - event.data.transfer.amount,
      };
    case "RoundSettled":
      return { ...state, status: "settled", settled: event.data, escrow: 0 };
    case "RoundCancelled":
      return { ...state, status: "cancelled", escrow: 0 };
  }
}
