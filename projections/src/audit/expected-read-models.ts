import type { LedgerReplay } from "@igp/ledger";

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

/** What the read models must hold, derived from a replay of the events alone. */
export function expectedReadModels(replay: LedgerReplay): ReadModelSnapshot {
  const players: ReadModelSnapshot["players"] = new Map();
  const agents: ReadModelSnapshot["agents"] = new Map();
  const requests: ReadModelSnapshot["requests"] = new Map();
  const player = (id: string) => {
    if (!players.has(id)) players.set(id, { main: 0, bonus: 0, held: 0 });
    return players.get(id)!;
  };
  for (const stream of replay.streams.values()) {
    const state = stream.state as Record<string, unknown>;
    switch (stream.kind) {
      case "wallet":
        Object.assign(player(stream.id), { main: state.main, bonus: state.bonus });
        break;
      case "agent":
        agents.set(stream.id, state.float as number);
        break;
      case "deposit":
      case "withdrawal":
      case "charge": {
        const folded = state as unknown as FoldedRequest;
        if (folded.status === "none") break;
        requests.set(`${stream.kind}:${stream.id}`, folded.status);
        if (stream.kind === "withdrawal" && folded.status === "pending") {
          player(folded.request!.userId!).held += folded.escrow ?? 0;
        }
        break;
      }
      case "round":
        break;
    }
  }
  const { roundCuts, withdrawalFees, prizesPaid, agentAdvances, balance } = replay.house;
  return {
    players,
    agents,
    requests,
    house: {
      round_cuts: roundCuts,
      withdrawal_fees: withdrawalFees,
      prizes_paid: prizesPaid,
      agent_advances: agentAdvances,
      balance,
    },
  };
}
