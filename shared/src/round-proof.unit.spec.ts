import { describe, expect, it } from "vitest";
import { commitmentOf, drawLottery, flipCoin, ticketsDigest } from "./fairness.ts";
import { checkRoundProof, roundProofOf } from "./round-proof.ts";

/** A round's proof read from its stream's events and recomputed, as the ledger explorer does. */
const seed = "a".repeat(64);
const roundId = "11111111-1111-4111-8111-111111111111";
const stream = `round-${roundId}`;

describe("a round's proof from its events", () => {
  it("a lottery: the tickets held (a returned one left out), the digest and every winner", async () => {
    const tickets = [1, 2, 3, 4, 5].map((number) => ({ number, clientSeed: `seed${number}` }));
    const held = tickets.filter((t) => t.number !== 3);
    const winners = await drawLottery(seed, roundId, held, 2);
    const events = [
      {
        type: "RoundOpened",
        data: { game: "lottery", details: { commitment: await commitmentOf(seed) } },
      },
      ...tickets.map((t) => ({
        type: "StakeReceived",
        data: {
          transferId: `t${t.number}`,
          userId: "u",
          number: t.number,
          selection: { clientSeed: t.clientSeed },
        },
      })),
      { type: "StakeReturned", data: { stakeTransferId: "t3" } },
      { type: "StakesClosed", data: {} },
      {
        type: "RoundSettled",
        data: {
          draw: {
            serverSeed: seed,
            ticketsDigest: await ticketsDigest(held),
            places: 2,
            winners: winners.map((ticket, place) => ({ place, ticket, userId: "u", amount: null })),
          },
        },
      },
    ];
    const steps = await checkRoundProof(roundProofOf(stream, events));
    expect(steps?.map((s) => [s.step, s.ok])).toEqual([
      ["commitment", true],
      ["digest", true],
      ["outcome", true],
    ]);
    // A winner recorded that the seeds do not give: the outcome step fails.
    const forged = structuredClone(events);
    (forged.at(-1)!.data as { draw: { winners: { ticket: number }[] } }).draw.winners[0]!.ticket =
      3;
    const broken = await checkRoundProof(roundProofOf(stream, forged));
    expect(broken?.find((s) => s.step === "outcome")?.ok).toBe(false);
  });

  it("a coin flip: the commitment and the side; a round not drawn has no proof yet", async () => {
    const clientSeeds = ["x", "y"];
    const outcome = await flipCoin({ serverSeed: seed, clientSeeds, roundId });
    const opened = {
      type: "RoundOpened",
      data: { game: "coin-flip", details: { commitment: await commitmentOf(seed) } },
    };
    const stakes = clientSeeds.map((clientSeed, i) => ({
      type: "StakeReceived",
      data: {
        transferId: `t${i}`,
        userId: `u${i}`,
        selection: { clientSeed, side: i ? "T" : "H" },
      },
    }));
    expect(await checkRoundProof(roundProofOf(stream, [opened, ...stakes]))).toBeNull();
    const settled = { type: "RoundSettled", data: { draw: { outcome, serverSeed: seed } } };
    const steps = await checkRoundProof(roundProofOf(stream, [opened, ...stakes, settled]));
    expect(steps?.every((s) => s.ok)).toBe(true);
    const lied = {
      type: "RoundSettled",
      data: { draw: { outcome: outcome === "H" ? "T" : "H", serverSeed: seed } },
    };
    expect((await checkRoundProof(roundProofOf(stream, [opened, ...stakes, lied])))?.[1]?.ok).toBe(
      false,
    );
    const wrongSeed = {
      type: "RoundSettled",
      data: { draw: { outcome, serverSeed: "b".repeat(64) } },
    };
    expect(
      (await checkRoundProof(roundProofOf(stream, [opened, ...stakes, wrongSeed])))?.[0]?.ok,
    ).toBe(false);
  });
});
