import type { LedgerReplay, ReplayedStream } from "@igp/ledger";
import { SortedRows } from "./sorted-rows.ts";

export interface PlayerBalance {
  main: number;
  bonus: number;
  held: number;
}

export interface HouseRow {
  round_cuts: number;
  withdrawal_fees: number;
  prizes_paid: number;
  agent_advances: number;
  balance: number;
}

interface FoldedRequest {
  status: string;
  request: { userId?: string } | null;
  escrow?: number;
}

/** A player's parts add up: the wallet gives main and bonus, each pending withdrawal a hold. */
const addBalances = (a: PlayerBalance, b: PlayerBalance): PlayerBalance => ({
  main: a.main + b.main,
  bonus: a.bonus + b.bonus,
  held: a.held + b.held,
});

/**
 * What the read models must hold, from the replay's streams alone, gathered stream by stream:
 * a stream that ends before the projections' checkpoint is added when it ends (then dropped by
 * the replay), the streams still open when the checkpoint is reached are added then. Rows are
 * kept in key order with memory bounded (sorted-rows.ts), to be compared page by page.
 */
export class ExpectedReadModels {
  readonly players: SortedRows<PlayerBalance>;
  readonly agents: SortedRows<number>;
  readonly requests: SortedRows<string>;

  constructor(directory: () => string, inMemory: number) {
    this.players = new SortedRows(directory, "players", inMemory, addBalances);
    this.agents = new SortedRows(directory, "agents", inMemory);
    this.requests = new SortedRows(directory, "requests", inMemory);
  }

  add(stream: ReplayedStream) {
    const state = stream.state as Record<string, unknown>;
    switch (stream.kind) {
      case "wallet":
        this.players.add(stream.id, {
          main: state.main as number,
          bonus: state.bonus as number,
          held: 0,
        });
        break;
      case "agent":
        this.agents.add(stream.id, state.float as number);
        break;
      case "deposit":
      case "withdrawal":
      case "charge": {
        const folded = state as unknown as FoldedRequest;
        if (folded.status === "none") break;
        this.requests.add(`${stream.kind}:${stream.id}`, folded.status);
        if (stream.kind === "withdrawal" && folded.status === "pending") {
          this.players.add(folded.request!.userId!, {
            main: 0,
            bonus: 0,
            held: folded.escrow ?? 0,
          });
        }
        break;
      }
      case "round":
        break;
    }
  }
}

/** The house row expected, from the replay's house at the checkpoint. */
export function expectedHouse(house: LedgerReplay["house"]): HouseRow {
  const { roundCuts, withdrawalFees, prizesPaid, agentAdvances, balance } = house;
  return {
    round_cuts: roundCuts,
    withdrawal_fees: withdrawalFees,
    prizes_paid: prizesPaid,
    agent_advances: agentAdvances,
    balance,
  };
}
