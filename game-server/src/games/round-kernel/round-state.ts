import { t } from "@colyseus/schema";

/**
 * The fields every round room's state has (docs/realtime.md). Times are epoch milliseconds,
 * amounts major units; empty strings and zeros stand for "not yet". A game's state spreads
 * these and adds its seats and outcome.
 */
export function roundStateFields() {
  return {
    code: t.string(),
    access: t.string(),
    /** waiting | player-joined | finished | expired */
    status: t.string(),
    /** The round machine's state (round.machine.ts). */
    phase: t.string(),
    betAmount: t.number(),
    createdBy: t.string(),
    createdAt: t.number(),
    deadline: t.number(),
    /** When the draw happens once it is due; 0 before. */
    startsAt: t.number(),
    commitment: t.string(),
    winner: t.string(),
    payout: t.number(),
    /** Revealed after settlement. */
    serverSeed: t.string(),
  };
}

export interface RoundStateFields {
  code: string;
  access: string;
  status: string;
  phase: string;
  betAmount: number;
  createdBy: string;
  createdAt: number;
  deadline: number;
  startsAt: number;
  commitment: string;
  winner: string;
  payout: number;
  serverSeed: string;
}
