import type { RecordedEvent } from "@igp/ledger";
import { commitmentOf, serverSeedFor, spinWinner } from "@igp/shared";
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

async function verdictOf(events: RecordedEvent[]) {
  const proofs = new FairnessProofs();
  for (const event of events) proofs.apply(event);
  return { problems: await proofs.verdict(), checked: proofs.checked };
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
