import { commitmentOf, flipCoin, spinWinner, wheelResultFor } from "@igp/shared";
import { describe, expect, it } from "vitest";
import { formatCountdown } from "../../components/rounds/countdown.tsx";
import { verdictOf, verifyRound } from "./fair-page.tsx";

const settled = async (overrides: Partial<{ outcome: "H" | "T"; commitment: string }> = {}) => {
  const serverSeed = "a".repeat(64);
  const fairness = {
    roundId: "4b0b2d1e-8e1f-4b7a-9a55-0c1f6d2e3a10",
    clientSeeds: ["alice", "bob"],
    serverSeed,
    commitment: await commitmentOf(serverSeed),
  };
  const outcome = await flipCoin(fairness);
  return {
    code: "ABCDEFGH",
    status: "finished" as const,
    access: "private" as const,
    instantId: null,
    createdBy: "alice",
    createdAt: new Date(0).toISOString(),
    gameWaitingTime: 5,
    deadline: new Date(300_000).toISOString(),
    betAmount: 10,
    winPercentCut: 10,
    playerWithChoice: [],
    fairness: { ...fairness, outcome, ...overrides },
  };
};

describe("the /fair check", () => {
  it("verifies an honest round and catches a changed outcome or seed", async () => {
    const honest = await verifyRound(await settled());
    expect(honest.commitmentMatches).toBe(true);
    expect(honest.recomputed).toBe(honest.game.fairness.outcome);
    const flipped = honest.recomputed === "H" ? "T" : "H";
    const wrongOutcome = await verifyRound(await settled({ outcome: flipped }));
    expect(wrongOutcome.recomputed).not.toBe(wrongOutcome.game.fairness.outcome);
    const wrongCommitment = await verifyRound(await settled({ commitment: "0".repeat(64) }));
    expect(wrongCommitment.commitmentMatches).toBe(false);
  });

  it("leaves an unsettled round pending (its seed is still secret)", async () => {
    const game = await settled();
    const pending = await verifyRound({
      ...game,
      fairness: { ...game.fairness, serverSeed: null },
    });
    expect(pending.commitmentMatches).toBeNull();
  });
});

/** A settled spin wheel round whose players held 2, 3 and 5. */
const settledSpin = async (overrides: { outcome?: number; finalRotation?: number } = {}) => {
  const serverSeed = "b".repeat(64);
  const fairness = {
    roundId: "0d8f3c52-61aa-4c1b-9d0e-6f1f5c3a7b21",
    clientSeeds: ["alice", "bob", "carol"],
    serverSeed,
    commitment: await commitmentOf(serverSeed),
  };
  const heldNumbers = [2, 3, 5];
  const winner = await spinWinner(fairness, heldNumbers);
  const wheel = wheelResultFor(winner);
  return {
    code: "JKMNPQRS",
    status: "finished" as const,
    access: "public" as const,
    instantId: 1,
    createdBy: "alice",
    createdAt: new Date(0).toISOString(),
    gameWaitingTime: 5,
    deadline: new Date(300_000).toISOString(),
    betAmount: 5,
    winPercentCut: 10,
    playerWithChoice: [],
    heldNumbers,
    game: { gameWaitingTime: 5, createdAt: new Date(0).toISOString() },
    gameResult: { ...wheel, finalRotation: overrides.finalRotation ?? wheel.finalRotation },
    fairness: { ...fairness, outcome: overrides.outcome ?? winner },
  };
};

describe("the /fair check of a spin", () => {
  it("verifies an honest spin and catches a changed number or wheel stop", async () => {
    const honest = await verifyRound(await settledSpin());
    expect(honest.commitmentMatches).toBe(true);
    expect(honest.recomputed).toBe(String(honest.game.fairness.outcome));
    expect([2, 3, 5]).toContain(Number(honest.recomputed));
    expect(honest.wheelStop?.recorded).toBe(honest.wheelStop?.recomputed);
    expect(verdictOf(honest)).toBe("verified");

    const other = [2, 3, 5].find((n) => String(n) !== honest.recomputed)!;
    const wrongNumber = await verifyRound(await settledSpin({ outcome: other }));
    expect(wrongNumber.recomputed).not.toBe(String(wrongNumber.game.fairness.outcome));
    expect(verdictOf(wrongNumber)).toBe("mismatch");
    const wrongStop = await verifyRound(await settledSpin({ finalRotation: 3000 }));
    expect(wrongStop.wheelStop?.recorded).not.toBe(wrongStop.wheelStop?.recomputed);
    expect(verdictOf(wrongStop)).toBe("mismatch");
  });
});

describe("the countdown", () => {
  it("shows mm:ss, rounding up, and stops at 00:00", () => {
    expect(formatCountdown(300_000, 0)).toBe("05:00");
    expect(formatCountdown(61_001, 0)).toBe("01:02");
    expect(formatCountdown(1_000, 5_000)).toBe("00:00");
  });
});
