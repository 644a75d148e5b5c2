import { commitmentOf, flipCoin } from "@igp/shared";
import { describe, expect, it } from "vitest";
import { formatCountdown } from "../../components/rounds/countdown.tsx";
import { verifyRound } from "./fair-page.tsx";

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

describe("the countdown", () => {
  it("shows mm:ss, rounding up, and stops at 00:00", () => {
    expect(formatCountdown(300_000, 0)).toBe("05:00");
    expect(formatCountdown(61_001, 0)).toBe("01:02");
    expect(formatCountdown(1_000, 5_000)).toBe("00:00");
  });
});
