import type { LedgerReplay, ReplayedStream } from "@igp/ledger";

export interface ReadModelSnapshot {
  players: Map<string, { main: number; bonus: number; held: number }>;
  agents: Map<string, number>;
  house: {
    round_cuts: number;
    withdrawal_fees: number;
    prizes_paid: number;
    agent_advances: number;
    balance: number;
  };
  requests: Map<string, string>;
}

interface FoldedRequest {
  status: string;
  request: { userId?: string } | null;
  escrow?: number;
}

/**
 * What the read models must hold, from the replay's streams alone, gathered stream by stream:
 * a stream that ends before the projections' checkpoint is added when it ends (then dropped by
 * the replay), the streams still open when the checkpoint is reached are added then.
 */
export class ExpectedReadModels {
  private readonly players: ReadModelSnapshot["players"] = new Map();
  private readonly agents: ReadModelSnapshot["agents"] = new Map();
  private readonly requests: ReadModelSnapshot["requests"] = new Map();

  add(stream: ReplayedStream) {
    const state = stream.state as Record<string, unknown>;
    switch (stream.kind) {
      case "wallet":
        Object.assign(this.player(stream.id), { main: state.main, bonus: state.bonus });
        break;
      case "agent":
        this.agents.set(stream.id, state.float as number);
        break;
      case "deposit":
      case "withdrawal":
      case "charge": {
        const folded = state as unknown as FoldedRequest;
        if (folded.status === "none") break;
        this.requests.set(`${stream.kind}:${stream.id}`, folded.status);
        if (stream.kind === "withdrawal" && folded.status === "pending") {
          this.player(folded.request!.userId!).held += folded.escrow ?? 0;
        }
        break;
      }
      case "round":
        break;
    }
  }

  /** The read models expected once every stream is added, with the house at that moment. */
  snapshot(house: LedgerReplay["house"]): ReadModelSnapshot {
    const { roundCuts, withdrawalFees, prizesPaid, agentAdvances, balance } = house;
    return {
      players: this.players,
      agents: this.agents,
      requests: this.requests,
      house: {
        round_cuts: roundCuts,
        withdrawal_fees: withdrawalFees,
        prizes_paid: prizesPaid,
        agent_advances: agentAdvances,
        balance,
      },
    };
  }

  private player(id: string) {
    const found = this.players.get(id);
    if (found) return found;
    const created = { main: 0, bonus: 0, held: 0 };
    this.players.set(id, created);
    return created;
  }
}

/** What the read models must hold, from every stream a replay holds. */
export function expectedReadModels(replay: LedgerReplay): ReadModelSnapshot {
  const expected = new ExpectedReadModels();
  for (const stream of replay.streams.values()) expected.add(stream);
  return expected.snapshot(replay.house);
}
