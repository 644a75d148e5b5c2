import type { RecordedEvent, Stake } from "@igp/ledger";
import { commitmentOf, type DrawInput, drawLottery, flipCoin, spinWinner } from "@igp/shared";

/** A stake as the draw reads it: the round's final stakes, from the replay's round state. */
type StakeProof = Pick<Stake, "userId" | "number"> & {
  selection?: { side?: unknown; numbers?: unknown; clientSeed?: unknown };
};

interface RoundProof {
  game: string;
  commitment?: string;
  draw?: { outcome?: unknown; serverSeed?: string; places?: number; winners?: LotteryPlace[] };
  winners: string[];
  /** Lottery prizes paid: "userId:amount" in place order. */
  prizes: string[];
}

interface LotteryPlace {
  place: number;
  ticket: number;
  userId: string;
  amount: number | null;
}

/** A game's draw recomputed from its seeds: the outcome and who held it. */
type Recompute = (
  input: DrawInput,
  stakes: readonly StakeProof[],
) => Promise<{ outcome: unknown; holders: string[] }>;

const RECOMPUTE: Record<string, Recompute> = {
  "coin-flip": async (input, stakes) => {
    const outcome = await flipCoin(input);
    return { outcome, holders: stakes.filter((s) => s.selection?.side === outcome).map(holder) };
  },
  "spin-wheel": async (input, stakes) => {
    const held = stakes.flatMap(numbersOf);
    const outcome = await spinWinner(input, held);
    const holders = stakes.filter((s) => numbersOf(s).includes(outcome)).map(holder);
    return { outcome, holders };
  },
};

const holder = (stake: StakeProof) => stake.userId;
const numbersOf = (stake: StakeProof) =>
  Array.isArray(stake.selection?.numbers) ? (stake.selection.numbers as number[]) : [];
const clientSeedOf = (stake: StakeProof) => (stake.selection?.clientSeed ?? "") as string;
const walletOwner = (streamId: string) => streamId.replace(/^wallet-/, "");

/**
 * A lottery's drawing: the seed matches the commitment; the winners drawn from the seed and the
 * final tickets (the stakes the round held when it settled) are the recorded ones, each held by
 * the player recorded; every money place was paid to that player, nothing else.
 */
async function checkLottery(
  streamId: string,
  round: RoundProof,
  stakes: readonly StakeProof[],
): Promise<string[]> {
  const { serverSeed, places, winners = [] } = round.draw!;
  if (!serverSeed || !round.commitment) return [`${streamId}: drawn without its fairness proof`];
  const problems: string[] = [];
  if ((await commitmentOf(serverSeed)) !== round.commitment)
    problems.push(`${streamId}: the revealed server seed does not match the commitment`);
  const tickets = stakes.map((stake) => ({
    number: stake.number ?? 0,
    clientSeed: clientSeedOf(stake),
  }));
  const roundId = streamId.slice("round-".length);
  const drawn = await drawLottery(serverSeed, roundId, tickets, places ?? 0);
  if (drawn.join() !== winners.map((w) => w.ticket).join())
    problems.push(
      `${streamId}: recorded winners ${winners.map((w) => w.ticket).join()}, seeds give ${drawn.join()}`,
    );
  // Only the winning tickets' holders: a map of every ticket was 125,000 entries at 5M.
  const won = new Set(winners.map((winner) => winner.ticket));
  const holders = new Map(
    stakes
      .filter((s) => s.number !== undefined && won.has(s.number))
      .map((s) => [s.number, s.userId]),
  );
  for (const winner of winners)
    if (holders.get(winner.ticket) !== winner.userId)
      problems.push(`${streamId}: ticket ${winner.ticket} is not ${winner.userId}'s`);
  const owed = winners.flatMap((w) => (w.amount === null ? [] : [`${w.userId}:${w.amount}`]));
  if (owed.join() !== round.prizes.join())
    problems.push(
      `${streamId}: prizes paid ${round.prizes.join()} but the drawing owes ${owed.join()}`,
    );
  return problems;
}

/**
 * The fairness side of the audit (docs/fairness.md): for every settled coin flip and spin, the
 * revealed server seed must hash to the commitment made when the round opened, the outcome must
 * be the one its seeds give, and the player paid must be the one who held that side or number.
 * A round's stakes are not copied here: its final ones are the replay's round state's, given
 * when the round is checked (a lottery of 100,000 tickets is held once, not three times).
 */
export class FairnessProofs {
  private readonly rounds = new Map<string, RoundProof>();
  checked = 0;

  apply(event: RecordedEvent) {
    if (!event.streamId.startsWith("round-")) return;
    // biome-ignore lint/suspicious/noExplicitAny: event data validated by the ledger replay
    const data = event.data as Record<string, any>;
    const round = this.rounds.get(event.streamId) ?? { game: "", winners: [], prizes: [] };
    this.rounds.set(event.streamId, round);
    if (event.type === "RoundOpened") {
      round.game = data.game;
      round.commitment = data.details?.commitment;
    } else if (event.type === "RoundSettled" || event.type === "RoundPaid") {
      if (event.type === "RoundSettled") round.draw = data.draw;
      round.winners.push(...(data.payouts as { to: string }[]).map((p) => walletOwner(p.to)));
      round.prizes.push(
        ...((data.prizes ?? []) as { to: string; amount: number }[]).map(
          (p) => `${walletOwner(p.to)}:${p.amount}`,
        ),
      );
    }
  }

  /**
   * Checks a round whose stream has ended (its last event applied) against the stakes it held
   * then, and forgets it: the audit holds only the rounds still open.
   */
  async settle(streamId: string, stakes: readonly StakeProof[]): Promise<string[]> {
    const round = this.rounds.get(streamId);
    if (!round) return [];
    this.rounds.delete(streamId);
    if (!round.draw) return [];
    let problems: string[];
    if (round.game === "lottery") problems = await checkLottery(streamId, round, stakes);
    else {
      const recompute = RECOMPUTE[round.game];
      if (!recompute) return [];
      problems = await checkDraw(streamId, round, stakes, recompute);
    }
    this.checked++;
    return problems;
  }

  /** Checks every round not settled yet (those whose end was not told), with their stakes. */
  async verdict(stakesOf: (streamId: string) => readonly StakeProof[]): Promise<string[]> {
    const problems: string[] = [];
    for (const streamId of [...this.rounds.keys()])
      problems.push(...(await this.settle(streamId, stakesOf(streamId))));
    return problems;
  }
}

async function checkDraw(
  streamId: string,
  round: RoundProof,
  stakes: readonly StakeProof[],
  recompute: Recompute,
): Promise<string[]> {
  const { serverSeed, outcome } = round.draw!;
  if (!serverSeed || !round.commitment) return [`${streamId}: settled without its fairness proof`];
  const problems: string[] = [];
  if ((await commitmentOf(serverSeed)) !== round.commitment)
    problems.push(`${streamId}: the revealed server seed does not match the commitment`);
  const input = {
    serverSeed,
    clientSeeds: stakes.map(clientSeedOf),
    roundId: streamId.slice("round-".length),
  };
  const drawn = await recompute(input, stakes);
  if (drawn.outcome !== outcome)
    problems.push(`${streamId}: recorded outcome ${outcome}, seeds give ${drawn.outcome}`);
  if (round.winners.join() !== drawn.holders.join())
    problems.push(
      `${streamId}: paid ${round.winners.join()} but ${drawn.outcome} was held by ${drawn.holders.join()}`,
    );
  return problems;
}
