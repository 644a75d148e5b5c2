import { randomUUID } from "node:crypto";
import { type Ledger, potAfterCut } from "@igp/ledger";
import { commitmentOf, drawLottery, flipCoin, serverSeedFor, ticketsDigest } from "@igp/shared";
import { approvedBankDeposit, ctx } from "@igp/test-support/ledger.ts";

const SECRET = "a-fairness-secret-of-at-least-32-characters";

/**
 * Rounds settled as the games settle them, with their fairness proofs: a coin flip (seeds,
 * sides, the revealed seed and outcome, the holder paid) and a lottery of `tickets` tickets with
 * two money places (the tickets digest, the winners drawn from the seed, prizes paid).
 */
export async function fairActivity(ledger: Ledger, tickets = 6) {
  const players = [randomUUID(), randomUUID(), randomUUID()];
  for (const userId of players) await approvedBankDeposit(ledger, userId, 50_000);

  const flip = randomUUID();
  const flipSeed = await serverSeedFor(SECRET, flip);
  await ledger.rounds.open(
    {
      roundId: flip,
      game: "coin-flip",
      betAmount: 5_000,
      cutBasisPoints: 1_000,
      details: { commitment: await commitmentOf(flipSeed) },
    },
    ctx("user"),
  );
  const seats = [
    { userId: players[0]!, side: "H", clientSeed: "alpha" },
    { userId: players[1]!, side: "T", clientSeed: "beta" },
  ];
  for (const seat of seats)
    await ledger.rounds.placeStake(
      {
        userId: seat.userId,
        roundId: flip,
        stakeId: randomUUID(),
        amount: 5_000,
        selection: { side: seat.side, clientSeed: seat.clientSeed, seats: [seat.side] },
      },
      ctx("user", seat.userId),
    );
  const outcome = await flipCoin({
    serverSeed: flipSeed,
    clientSeeds: seats.map((s) => s.clientSeed),
    roundId: flip,
  });
  const winner = seats.find((s) => s.side === outcome)!.userId;
  await ledger.rounds.settle(
    flip,
    [{ userId: winner, amount: potAfterCut(10_000, 1_000) }],
    [],
    ctx("user"),
    { outcome, serverSeed: flipSeed },
  );

  const lottery = randomUUID();
  const lotterySeed = await serverSeedFor(SECRET, lottery);
  await ledger.rounds.open(
    {
      roundId: lottery,
      game: "lottery",
      betAmount: 1_000,
      cutBasisPoints: 0,
      details: { commitment: await commitmentOf(lotterySeed) },
    },
    ctx("superAdmin"),
  );
  const sold: { number: number; clientSeed: string; userId: string }[] = [];
  for (let i = 0; i < tickets; i++) {
    const userId = players[i % players.length]!;
    const clientSeed = `seed-${i}`;
    await ledger.rounds.placeStake(
      { userId, roundId: lottery, stakeId: randomUUID(), amount: 1_000, selection: { clientSeed } },
      ctx("user", userId),
    );
    sold.push({ number: i + 1, clientSeed, userId });
  }
  await ledger.rounds.closeStakes(lottery, ctx("superAdmin"));
  const drawn = await drawLottery(lotterySeed, lottery, sold, 2);
  const amounts = [20_000, 3_000];
  const winners = drawn.map((ticket, place) => ({
    place,
    ticket,
    userId: sold[ticket - 1]!.userId,
    amount: amounts[place]!,
  }));
  await ledger.rounds.settle(
    lottery,
    [],
    winners.map((w) => ({ userId: w.userId, amount: w.amount })),
    ctx("superAdmin"),
    {
      serverSeed: lotterySeed,
      ticketsDigest: await ticketsDigest(sold),
      tickets: sold.length,
      places: 2,
      winners,
    },
  );
  return { players, flip, lottery };
}
