import { randomUUID } from "node:crypto";
import { type Ledger, potAfterCut } from "@igp/ledger";
import {
  commitmentOf,
  drawLottery,
  flipCoin,
  serverSeedFor,
  spinWinner,
  ticketsDigest,
} from "@igp/shared";
import { approvedBankDeposit, ctx } from "@igp/test-support/ledger.ts";

const SECRET = "bench-fairness-secret-of-at-least-32-characters";

/** Issue 26's model at 1M events: lotteries of 10,000 tickets. */
export const LOTTERY_TICKETS = 10_000;

/**
 * A realistic mix of about `events` ledger events, on the model of issue 26's 1M-event ledger:
 * players funded by bank deposits, coin flips and spins between two of them settled with their
 * fairness proofs (about 85% of the events), withdrawals paid, and lotteries whose tickets make
 * about 5% of the events, each of at most `lotteryTickets` drawn for 5 places, one after another
 * while the rounds are played (a longer ledger has more lotteries, not larger ones; Infinity: one
 * lottery, after the rounds). One player in 50 events unless `playerCount` says. `inFlight`
 * commands at once.
 */
export async function seedAuditMix(
  ledger: Ledger,
  events: number,
  {
    inFlight = 24,
    lotteryTickets = LOTTERY_TICKETS,
    playerCount = Math.max(4, Math.round(events / 50)),
  } = {},
) {
  const players = Array.from({ length: playerCount }, () => randomUUID());
  const pick = () => players[Math.floor(Math.random() * players.length)]!;
  await inParallel(players.length, inFlight, (i) =>
    approvedBankDeposit(ledger, players[i]!, 5_000_000),
  );
  const withdrawals = Math.round(players.length / 10);
  await inParallel(withdrawals, inFlight, async (i) => {
    const withdrawalId = randomUUID();
    const userId = players[i]!;
    await ledger.withdrawals.request(
      {
        withdrawalId,
        amount: 10_000,
        allowBonus: false,
        method: "bank",
        bankName: "CBE",
        accountNumber: "55",
        withdrawCode: "W1",
      },
      ctx("user", userId),
    );
    await ledger.withdrawals.approve(
      withdrawalId,
      { paymentReference: `FT${i}REF` },
      ctx("superAdmin"),
    );
  });
  const tickets = Math.round((events * 0.05) / 2);
  const used = players.length * 3 + withdrawals * 3 + tickets * 2;
  const rounds = Math.max(1, Math.round((events - used) / 7));
  const oneLottery = !Number.isFinite(lotteryTickets);
  const sizes = !oneLottery
    ? Array.from({ length: Math.ceil(tickets / lotteryTickets) }, (_, i) =>
        Math.min(lotteryTickets, tickets - i * lotteryTickets),
      )
    : [];
  // Lottery k opens once k/n of the rounds are played (spread through the ledger), each after the
  // one before it.
  let played = 0;
  let opened = 0;
  let lotteries = Promise.resolve();
  const due = () => opened < sizes.length && played >= Math.floor((opened * rounds) / sizes.length);
  const openDue = () => {
    for (; due(); opened++) {
      const size = sizes[opened]!;
      lotteries = lotteries.then(() => lottery(ledger, pick, size, Math.ceil(inFlight / 4)));
    }
  };
  openDue();
  await inParallel(rounds, inFlight, async (i) => {
    await (i % 4 === 3 ? spin(ledger, pick, i) : flip(ledger, pick, i));
    played++;
    openDue();
  });
  await lotteries;
  // One lottery of all the tickets, after the rounds.
  if (oneLottery) await lottery(ledger, pick, tickets, inFlight);
}

async function flip(ledger: Ledger, pick: () => string, i: number) {
  const { roundId, serverSeed } = await openFairRound(ledger, "coin-flip", 2_000, 1_000, "user");
  const [first, second] = twoPlayers(pick);
  const seats = [
    { userId: first, side: "H", clientSeed: `c${i}a` },
    { userId: second, side: "T", clientSeed: `c${i}b` },
  ];
  for (const seat of seats)
    await ledger.rounds.placeStake(
      {
        userId: seat.userId,
        roundId,
        stakeId: randomUUID(),
        amount: 2_000,
        selection: { side: seat.side, clientSeed: seat.clientSeed, seats: [seat.side] },
      },
      ctx("user", seat.userId),
    );
  const outcome = await flipCoin({
    serverSeed,
    clientSeeds: seats.map((s) => s.clientSeed),
    roundId,
  });
  const winner = seats.find((s) => s.side === outcome)!.userId;
  await ledger.rounds.settle(
    roundId,
    [{ userId: winner, amount: potAfterCut(4_000, 1_000) }],
    [],
    ctx("user"),
    { outcome, serverSeed },
  );
}

async function spin(ledger: Ledger, pick: () => string, i: number) {
  const { roundId, serverSeed } = await openFairRound(ledger, "spin-wheel", 1_000, 1_000, "user");
  const [first, second] = twoPlayers(pick);
  const seats = [
    { userId: first, numbers: [1, 2], clientSeed: `s${i}a` },
    { userId: second, numbers: [5], clientSeed: `s${i}b` },
  ];
  for (const seat of seats)
    await ledger.rounds.placeStake(
      {
        userId: seat.userId,
        roundId,
        stakeId: randomUUID(),
        amount: 1_000 * seat.numbers.length,
        selection: {
          numbers: seat.numbers,
          clientSeed: seat.clientSeed,
          seats: seat.numbers.map(String),
        },
      },
      ctx("user", seat.userId),
    );
  const input = { serverSeed, clientSeeds: seats.map((s) => s.clientSeed), roundId };
  const outcome = await spinWinner(input, [1, 2, 5]);
  const winner = seats.find((s) => s.numbers.includes(outcome))!.userId;
  await ledger.rounds.settle(
    roundId,
    [{ userId: winner, amount: potAfterCut(3_000, 1_000) }],
    [],
    ctx("user"),
    { outcome, serverSeed, heldNumbers: [1, 2, 5] },
  );
}

async function lottery(ledger: Ledger, pick: () => string, count: number, inFlight: number) {
  const { roundId, serverSeed } = await openFairRound(ledger, "lottery", 500, 0, "superAdmin");
  await inParallel(count, inFlight, async (i) => {
    const userId = pick();
    await ledger.rounds.placeStake(
      { userId, roundId, stakeId: randomUUID(), amount: 500, selection: { clientSeed: `t${i}` } },
      ctx("user", userId),
    );
  });
  await ledger.rounds.closeStakes(roundId, ctx("superAdmin"));
  const state = await ledger.rounds.read(roundId);
  const sold = state.stakes.items.map((s) => ({
    number: s.number!,
    clientSeed: String((s.selection as { clientSeed: string }).clientSeed),
    userId: s.userId,
  }));
  const places = 5;
  const drawn = await drawLottery(serverSeed, roundId, sold, places);
  const byNumber = new Map(sold.map((t) => [t.number, t.userId]));
  const winners = drawn.map((ticket, place) => ({
    place,
    ticket,
    userId: byNumber.get(ticket)!,
    amount: 10_000 * (places - place),
  }));
  await ledger.rounds.settle(
    roundId,
    [],
    winners.map((w) => ({ userId: w.userId, amount: w.amount })),
    ctx("superAdmin"),
    {
      serverSeed,
      ticketsDigest: await ticketsDigest(sold),
      tickets: sold.length,
      places,
      winners,
    },
  );
}

/** Runs `work(0..count-1)` with at most `limit` at once. */
async function inParallel(count: number, limit: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Opens a round committed to its server seed, as the platform opens one. */
async function openFairRound(
  ledger: Ledger,
  game: "coin-flip" | "spin-wheel" | "lottery",
  betAmount: number,
  cutBasisPoints: number,
  role: "user" | "superAdmin",
) {
  const roundId = randomUUID();
  const serverSeed = await serverSeedFor(SECRET, roundId);
  const details = { commitment: await commitmentOf(serverSeed) };
  await ledger.rounds.open({ roundId, game, betAmount, cutBasisPoints, details }, ctx(role));
  return { roundId, serverSeed };
}

/** Two different players. */
function twoPlayers(pick: () => string): [string, string] {
  const first = pick();
  let second = pick();
  while (second === first) second = pick();
  return [first, second];
}
