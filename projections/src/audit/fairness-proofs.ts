import type { RecordedEvent } from "@igp/ledger";
import { commitmentOf, type DrawInput, flipCoin, spinWinner } from "@igp/shared";

interface StakeProof {
  transferId: string;
  userId: string;
  selection: { side?: string; numbers?: number[]; clientSeed?: string };
}

interface RoundProof {
  game: string;
  commitment?: string;
  stakes: StakeProof[];
  draw?: { outcome?: unknown; serverSeed?: string };
  winners: string[];
}

/** A game's draw recomputed from its seeds: the outcome and who held it. */
type Recompute = (
  input: DrawInput,
  stakes: StakeProof[],
) => Promise<{ outcome: unknown; holders: string[] }>;

const RECOMPUTE: Record<string, Recompute> = {
  "coin-flip": async (input, stakes) => {
    const outcome = await flipCoin(input);
    return { outcome, holders: stakes.filter((s) => s.selection.side === outcome).map(holder) };
  },
  "spin-wheel": async (input, stakes) => {
    const held = stakes.flatMap((s) => s.selection.numbers ?? []);
    const outcome = await spinWinner(input, held);
    const holders = stakes.filter((s) => s.selection.numbers?.includes(outcome)).map(holder);
    return { outcome, holders };
  },
};

const holder = (stake: StakeProof) => stake.userId;

/**
 * The fairness side of the audit (DESIGN.md section 5): for every settled coin flip and spin, the
 * revealed server seed must hash to the commitment made when the round opened, the outcome must
 * be the one its seeds give, and the player paid must be the one who held that side or number.
 */
export class FairnessProofs {
  private readonly rounds = new Map<string, RoundProof>();
  checked = 0;

  apply(event: RecordedEvent) {
    if (!event.streamId.startsWith("round-")) return;
    // biome-ignore lint/suspicious/noExplicitAny: event data validated by the ledger replay
    const data = event.data as Record<string, any>;
    const round = this.rounds.get(event.streamId) ?? { game: "", stakes: [], winners: [] };
    this.rounds.set(event.streamId, round);
    if (event.type === "RoundOpened") {
      round.game = data.game;
      round.commitment = data.details?.commitment;
    } else if (event.type === "StakeReceived") {
      const { transferId, userId, selection } = data;
      round.stakes.push({ transferId, userId, selection: selection ?? {} });
    } else if (event.type === "StakeReturned") {
      round.stakes = round.stakes.filter((s) => s.transferId !== data.stakeTransferId);
    } else if (event.type === "RoundSettled") {
      round.draw = data.draw;
      round.winners = (data.payouts as { to: string }[]).map((p) => p.to.replace(/^wallet-/, ""));
    }
  }

  async verdict(): Promise<string[]> {
    const problems: string[] = [];
    for (const [streamId, round] of this.rounds) {
      const recompute = RECOMPUTE[round.game];
      if (!recompute || !round.draw) continue;
      problems.push(...(await checkDraw(streamId, round, recompute)));
      this.checked++;
    }
    return problems;
  }
}

async function checkDraw(
  streamId: string,
  round: RoundProof,
  recompute: Recompute,
): Promise<string[]> {
  const { serverSeed, outcome } = round.draw!;
  if (!serverSeed || !round.commitment) return [`${streamId}: settled without its fairness proof`];
  const problems: string[] = [];
  if ((await commitmentOf(serverSeed)) !== round.commitment)
    problems.push(`${streamId}: the revealed server seed does not match the commitment`);
  const input = {
    serverSeed,
    clientSeeds: round.stakes.map((s) => s.selection.clientSeed ?? ""),
    roundId: streamId.slice("round-".length),
  };
  const drawn = await recompute(input, round.stakes);
  if (drawn.outcome !== outcome)
    problems.push(`${streamId}: recorded outcome ${outcome}, seeds give ${drawn.outcome}`);
  if (round.winners.join() !== drawn.holders.join())
    problems.push(
      `${streamId}: paid ${round.winners.join()} but ${drawn.outcome} was held by ${drawn.holders.join()}`,
    );
  return problems;
}
