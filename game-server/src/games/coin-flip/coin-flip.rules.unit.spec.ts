import { potAfterCut } from "@igp/ledger";
import { basisPointsOf, flipCoin } from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flip, joinerSide, whyNotJoin } from "./coin-flip.rules.ts";

const seedText = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const side = fc.constantFrom("H" as const, "T" as const);

describe("coin flip rules", () => {
  it("pays exactly one player, whose side is the drawn outcome, the pot minus the cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          roundId: fc.uuid(),
          serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
          creatorSide: side,
          seeds: fc.tuple(seedText, seedText),
          betAmount: fc.integer({ min: 100, max: 1_000_000_00 }),
          cutBasisPoints: fc.integer({ min: 0, max: 10_000 }),
        }),
        async (r) => {
          const players = [
            { player: "creator", selectedSide: r.creatorSide, clientSeed: r.seeds[0] },
            {
              player: "joiner",
              selectedSide: joinerSide([
                { player: "creator", selectedSide: r.creatorSide, clientSeed: r.seeds[0] },
              ]),
              clientSeed: r.seeds[1],
            },
          ];
          const result = await flip({ ...r, players });
          const winner = players.find((p) => p.player === result.winner)!;
          expect(winner.selectedSide).toBe(result.outcome);
          expect(players[1]!.selectedSide).not.toBe(players[0]!.selectedSide);
          const pot = 2 * r.betAmount;
          expect(result.payout).toBe(potAfterCut(pot, r.cutBasisPoints));
          expect(result.payout + basisPointsOf(pot, r.cutBasisPoints)).toBe(pot);
          expect(Number.isInteger(result.payout)).toBe(true);
          // The same seeds always give the same outcome (anyone can recompute it).
          const again = await flipCoin({
            serverSeed: r.serverSeed,
            clientSeeds: players.map((p) => p.clientSeed),
            roundId: r.roundId,
          });
          expect(again).toBe(result.outcome);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps the 10% default cut exact: 2 x 50 pays 90", () => {
    expect(potAfterCut(100_00, 1_000)).toBe(90_00);
    expect(potAfterCut(25_00, 1_000)).toBe(22_50);
    // An odd santim goes to the player (the cut rounds down).
    expect(potAfterCut(3, 1_000)).toBe(3);
  });

  it("lets a player join only a waiting round that is not its own, once, before the deadline", () => {
    const round = {
      createdBy: "alice",
      status: "waiting",
      players: [{ player: "alice", selectedSide: "H" as const, clientSeed: "a" }],
      deadline: new Date(10_000).toISOString(),
    };
    expect(whyNotJoin(round, "bob", 9_999)).toBeNull();
    expect(whyNotJoin(round, "alice", 0)).toBe("You cannot join your own game.");
    expect(whyNotJoin(round, "bob", 10_000)).toBe("This game has expired.");
    const full = {
      ...round,
      status: "player-joined",
      players: [...round.players, { player: "bob", selectedSide: "T" as const, clientSeed: "b" }],
    };
    expect(whyNotJoin(full, "bob", 0)).toBe("You already joined this game.");
    expect(whyNotJoin(full, "carol", 0)).toBe("This game already has two players.");
  });
});
