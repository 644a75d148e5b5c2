import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitmentOf,
  drawIndex,
  drawLottery,
  flipCoin,
  serverSeedFor,
  spinWinner,
  ticketsDigest,
  webDigests,
} from "./fairness.ts";

const input = {
  serverSeed: "a".repeat(64),
  clientSeeds: ["alice-seed", "bob-seed"],
  roundId: "round-1",
};

describe("provably fair draws", () => {
  it("derive the server seed and its commitment as documented", async () => {
    const seed = await serverSeedFor("secret", "round-1");
    expect(seed).toBe(createHmac("sha256", "secret").update("server-seed:round-1").digest("hex"));
    expect(await commitmentOf(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
  });

  it("read the documented HMAC: first 4 bytes, unbiased range", async () => {
    const digest = createHmac("sha256", input.serverSeed)
      .update("alice-seed:bob-seed:round-1:0:0")
      .digest();
    const first = digest.readUInt32BE(0);
    const limit = 2 ** 32 - (2 ** 32 % 6);
    if (first < limit) expect(await drawIndex(input, 0, 6)).toBe(first % 6);
    expect(await flipCoin(input)).toBe(digest.readUInt32BE(0) % 2 === 0 ? "H" : "T");
  });

  it("are deterministic and in range, and refuse an empty server seed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 1000 }),
        async (seed, clients, n) => {
          const draw = { serverSeed: seed, clientSeeds: clients, roundId: "r" };
          const value = await drawIndex(draw, 0, n);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(n);
          expect(await drawIndex(draw, 0, n)).toBe(value);
        },
      ),
      { numRuns: 200 },
    );
    await expect(drawIndex({ ...input, serverSeed: "" }, 0, 2)).rejects.toThrow(
      "A server seed is required.",
    );
  });

  it("spread evenly: 6,000 spins of six held numbers land near 1,000 each", async () => {
    const counts = new Map<number, number>();
    for (let round = 0; round < 6_000; round++) {
      const winner = await spinWinner({ ...input, roundId: `r${round}` }, [6, 1, 2, 3, 4, 5, 3]);
      counts.set(winner, (counts.get(winner) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(850); // ~5 standard deviations
  });

  it("draw lottery winners without replacement, first place first, from the final ticket list", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 40 }),
        fc.nat(10),
        async (numbers, count) => {
          const tickets = numbers.map((number) => ({ number, clientSeed: `s${number}` }));
          const winners = await drawLottery(input.serverSeed, "r1", tickets, count);
          expect(winners).toHaveLength(Math.min(count, tickets.length));
          expect(new Set(winners).size).toBe(winners.length);
          for (const winner of winners) expect(numbers).toContain(winner);
          // The order tickets are listed in does not matter; the list itself does.
          const reversed = [...tickets].reverse();
          expect(await drawLottery(input.serverSeed, "r1", reversed, count)).toEqual(winners);
          const digest = await ticketsDigest(tickets);
          const changed = [...tickets, { number: 100_001, clientSeed: "late" }];
          expect(await ticketsDigest(changed)).not.toBe(digest);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("digests", () => {
  it("give the same bytes through Web Crypto (browsers) as through node:crypto (the server)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), async (key, message) => {
        const web = Buffer.from(await webDigests.hmac(key, message)).toString("hex");
        expect(web).toBe(createHmac("sha256", key).update(message).digest("hex"));
        const sha = Buffer.from(await webDigests.sha256(message)).toString("hex");
        expect(sha).toBe(createHash("sha256").update(message).digest("hex"));
      }),
      { numRuns: 100 },
    );
  });
});
