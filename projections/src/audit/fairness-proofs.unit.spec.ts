import type { RecordedEvent, Stake } from "@igp/ledger";
import { commitmentOf, drawLottery, serverSeedFor, spinWinner } from "@igp/shared";
import { describe, expect, it } from "vitest";
import { FairnessProofs } from "./fairness-proofs.ts";

/** A spin wheel round's events as the ledger records them, with the draw the seeds give. */
async function spinRound(change: { outcome?: (drawn: number) => number; paid?: string } = {}) {
  const roundId = "7d4f3a6e-1c2b-4d5e-8f90-a1b2c3d4e5f6";
  const serverSeed = await serverSeedFor("secret", roundId);
  const stakes = [
    { userId: "alice", numbers: [1, 2], clientSeed: "a" },
    { userId: "bob", numbers: [5], clientSeed: "b" },
  ];
  const drawn = await spinWinner({ serverSeed, clientSeeds: ["a", "b"], roundId }, [1, 2, 5]);
  const holder = drawn === 5 ? "bob" : "alice";
  const event = (type: string, data: object) =>
    ({ streamId: `round-${roundId}`, type, data }) as unknown as RecordedEvent;
  return [
    event("RoundOpened", {
      game: "spin-wheel",
      details: { commitment: await commitmentOf(serverSeed) },
    }),
    ...stakes.map(({ userId, numbers, clientSeed }, i) =>
      event("StakeReceived", {
        transferId: `t${i}`,
        userId,
        selection: { numbers, clientSeed, seats: numbers.map(String) },
      }),
    ),
    event("RoundSettled", {
      payouts: [{ to: `wallet-${change.paid ?? holder}` }],
      draw: { outcome: change.outcome?.(drawn) ?? drawn, serverSeed, heldNumbers: [1, 2, 5] },
    }),
  ];
}

/** The proofs checked with the round's stakes as its StakeReceived events give them. */
async function verdictOf(events: RecordedEvent[]) {
  const proofs = new FairnessProofs();
  for (const event of events) proofs.apply(event);
  const stakes = events
    .filter((event) => event.type === "StakeReceived")
    .map((event) => event.data as unknown as Stake);
  return { problems: await proofs.verdict(() => stakes), checked: proofs.checked };
}

describe("the audit's fairness proofs for spin wheel", () => {
  it("recompute a settled spin from its seeds", async () => {
    expect(await verdictOf(await spinRound())).toEqual({ problems: [], checked: 1 });
  });

  it("catch a recorded number the seeds do not give, and a payout to someone else", async () => {
    const other = await verdictOf(await spinRound({ outcome: (n) => (n === 5 ? 1 : 5) }));
    expect(other.problems.join()).toMatch(/recorded outcome \d, seeds give \d/);
    const wrongWinner = await verdictOf(await spinRound({ paid: "carol" }));
    expect(wrongWinner.problems.join()).toMatch(/paid carol but \d was held by (alice|bob)/);
  });
});

/** A drawn lottery's events: four tickets, two places (100 in money, then a phone). */
async function lotteryRound(
  change: { winners?: (drawn: number[]) => number[]; prizeTo?: string } = {},
) {
  const roundId = "0b7e1c52-5f0a-4c8e-9d1e-2a3b4c5d6e7f";
  const serverSeed = await serverSeedFor("secret", roundId);
  const tickets = [1, 2, 3, 4].map((number) => ({ number, clientSeed: `s${number}` }));
  const holder = (n: number) => (n % 2 === 1 ? "alice" : "bob");
  const drawn = await drawLottery(serverSeed, roundId, tickets, 2);
  const winners = change.winners?.(drawn) ?? drawn;
  const event = (type: string, data: object) =>
    ({ streamId: `round-${roundId}`, type, data }) as unknown as RecordedEvent;
  return [
    event("RoundOpened", {
      game: "lottery",
      details: { commitment: await commitmentOf(serverSeed) },
    }),
    ...tickets.map(({ number, clientSeed }) =>
      event("StakeReceived", {
        transferId: `t${number}`,
        userId: holder(number),
        number,
        selection: { clientSeed },
      }),
    ),
    event("StakesClosed", { closedAt: "2026-11-23T10:00:00.000Z" }),
    event("RoundSettled", {
      payouts: [],
      prizes: [{ to: `wallet-${change.prizeTo ?? holder(winners[0]!)}`, amount: 100_00 }],
      draw: {
        serverSeed,
        places: 2,
        winners: winners.map((ticket, i) => ({
          place: i + 1,
          ticket,
          userId: holder(ticket),
          amount: i === 0 ? 100_00 : null,
        })),
      },
    }),
  ];
}

describe("the audit's fairness proofs for lotteries", () => {
  it("re-run a drawing from the seed and the final tickets", async () => {
    expect(await verdictOf(await lotteryRound())).toEqual({ problems: [], checked: 1 });
  });

  it("catch winners the seed does not give, and a prize paid to someone else", async () => {
    const swapped = await verdictOf(
      await lotteryRound({ winners: (drawn) => [...drawn].reverse() }),
    );
    expect(swapped.problems.join()).toMatch(/recorded winners .*, seeds give/);
    const elsewhere = await verdictOf(await lotteryRound({ prizeTo: "mallory" }));
    expect(elsewhere.problems.join()).toMatch(/prizes paid mallory:10000 but the drawing owes/);
  });
});
