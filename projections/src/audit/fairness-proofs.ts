import type { RecordedEvent } from "@igp/ledger";
import { commitmentOf, flipCoin } from "@igp/shared";

interface RoundProof {
  game: string;
  commitment?: string;
  stakes: { transferId: string; userId: string; side?: string; clientSeed?: string }[];
  draw?: { outcome?: string; serverSeed?: string };
  winners: string[];
}

/**
 * The fairness side of the audit (DESIGN.md section 5): for every settled coin flip, the revealed
 * server seed must hash to the commitment made when the round opened, the outcome must be the
 * one its seeds give, and the player paid must be the one who held that side.
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
      round.stakes.push({
        transferId,
        userId,
        side: selection?.side,
        clientSeed: selection?.clientSeed,
      });
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
      if (round.game !== "coin-flip" || !round.draw) continue;
      problems.push(...(await checkCoinFlip(streamId, round)));
      this.checked++;
    }
    return problems;
  }
}

async function checkCoinFlip(streamId: string, round: RoundProof): Promise<string[]> {
  const { serverSeed, outcome } = round.draw!;
  if (!serverSeed || !round.commitment) return [`${streamId}: settled without its fairness proof`];
  const problems: string[] = [];
  if ((await commitmentOf(serverSeed)) !== round.commitment)
    problems.push(`${streamId}: the revealed server seed does not match the commitment`);
  const drawn = await flipCoin({
    serverSeed,
    clientSeeds: round.stakes.map((s) => s.clientSeed ?? ""),
    roundId: streamId.slice("round-".length),
  });
  if (drawn !== outcome)
    problems.push(`${streamId}: recorded outcome ${outcome}, seeds give ${drawn}`);
  const holders = round.stakes.filter((s) => s.side === drawn).map((s) => s.userId);
  if (round.winners.join() !== holders.join())
    problems.push(
      `${streamId}: paid ${round.winners.join()} but ${drawn} was held by ${holders.join()}`,
    );
  return problems;
}
