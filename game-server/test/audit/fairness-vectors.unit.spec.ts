import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  chainHash,
  eventBody,
  GENESIS_HASH,
  canonicalJson as ledgerCanonicalJson,
} from "@igp/ledger";
import {
  commitmentOf,
  drawIndex,
  drawLottery,
  flipCoin,
  serverSeedFor,
  spinWinner,
  ticketsDigest,
  webDigests,
} from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, eventHash } from "../../../tools/verify-export/lib/chain.mjs";
import * as verifier from "../../../tools/verify-export/lib/draw.mjs";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The worked example of docs/fairness.md (Exact bytes), as the page shows it. */
function documentedVectors() {
  const page = readFileSync(path.join(ROOT, "docs/fairness.md"), "utf8");
  const block =
    /<!-- fairness-vectors:start -->\s*```json\n([\s\S]*?)```\s*<!-- fairness-vectors:end -->/.exec(
      page,
    );
  if (!block) throw new Error("docs/fairness.md has lost its worked example");
  return JSON.parse(block[1]!);
}

describe("docs/fairness.md's worked example is what the code computes", () => {
  const v = documentedVectors();
  const input = {
    serverSeed: v.serverSeed,
    clientSeeds: v.coinFlip.clientSeeds,
    roundId: v.roundId,
  };

  it("the server seed and the commitment: hex text hashed as UTF-8", async () => {
    expect(await serverSeedFor(v.secret, v.roundId)).toBe(v.serverSeed);
    expect(
      createHmac("sha256", Buffer.from(v.secret, "utf8"))
        .update(Buffer.from(v.serverSeedMessage, "utf8"))
        .digest("hex"),
    ).toBe(v.serverSeed);
    expect(await commitmentOf(v.serverSeed)).toBe(v.commitment);
    expect(createHash("sha256").update(Buffer.from(v.serverSeed, "utf8")).digest("hex")).toBe(
      v.commitment,
    );
    expect(Buffer.from(await webDigests.sha256(v.serverSeed)).toString("hex")).toBe(v.commitment);
    expect(verifier.sha256Hex(v.serverSeed)).toBe(v.commitment);
  });

  it("a coin flip: the HMAC's message, its bytes, the first value and the side", async () => {
    expect(`${v.coinFlip.clientSeeds.join(":")}:${v.roundId}:0:0`).toBe(v.coinFlip.hmacMessage);
    const key = Buffer.from(v.serverSeed, "utf8");
    const bytes = createHmac("sha256", key)
      .update(Buffer.from(v.coinFlip.hmacMessage, "utf8"))
      .digest();
    expect(bytes.toString("hex")).toBe(v.coinFlip.hmac);
    expect(
      Buffer.from(await webDigests.hmac(v.serverSeed, v.coinFlip.hmacMessage)).toString("hex"),
    ).toBe(v.coinFlip.hmac);
    expect(bytes.readUInt32BE(0)).toBe(v.coinFlip.firstUint32);
    expect(await flipCoin(input)).toBe(v.coinFlip.outcome);
    expect(verifier.flipCoin(input)).toBe(v.coinFlip.outcome);
  });

  it("a spin and a lottery: the tickets digest's text and the winners", async () => {
    expect(await spinWinner(input, v.spinWheel.heldNumbers)).toBe(v.spinWheel.winner);
    expect(verifier.spinWinner(input, v.spinWheel.heldNumbers)).toBe(v.spinWheel.winner);
    const { tickets } = v.lottery;
    expect(
      createHash("sha256").update(Buffer.from(v.lottery.digestInput, "utf8")).digest("hex"),
    ).toBe(v.lottery.ticketsDigest);
    expect(await ticketsDigest(tickets)).toBe(v.lottery.ticketsDigest);
    expect(verifier.ticketsDigest(tickets)).toBe(v.lottery.ticketsDigest);
    expect(await drawLottery(v.serverSeed, v.roundId, tickets, v.lottery.places)).toEqual(
      v.lottery.winners,
    );
    expect(verifier.drawLottery(v.serverSeed, v.roundId, tickets, v.lottery.places)).toEqual(
      v.lottery.winners,
    );
  });

  it("the ledger's hash chain: the canonical body and the hash", () => {
    const { event, streamId, revision, prevHash, body, hash } = v.hashChain;
    expect(prevHash).toBe(GENESIS_HASH);
    expect(eventBody(event)).toBe(body);
    expect(
      canonicalJson({ id: event.id, type: event.type, data: event.data, metadata: event.metadata }),
    ).toBe(body);
    expect(chainHash(prevHash, streamId, revision, body)).toBe(hash);
    const text = `${prevHash}\n${streamId}\n${revision}\n${body}`;
    expect(createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex")).toBe(hash);
    expect(eventHash({ ...event, streamId, revision, prevHash })).toBe(hash);
  });
});

describe("the offline verifier draws exactly as shared/ does", () => {
  const seed = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes(":"));
  const drawInput = fc.record({
    serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
    clientSeeds: fc.array(seed, { minLength: 1, maxLength: 6 }),
    roundId: fc.uuid(),
  });

  it("every index, coin and spin on random inputs", async () => {
    await fc.assert(
      fc.asyncProperty(
        drawInput,
        fc.nat(20),
        fc.integer({ min: 1, max: 2 ** 32 }),
        async (input, nonce, n) => {
          expect(verifier.drawIndex(input, nonce, n)).toBe(await drawIndex(input, nonce, n));
          expect(verifier.flipCoin(input)).toBe(await flipCoin(input));
        },
      ),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(
        drawInput,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
        async (input, held) => {
          expect(verifier.spinWinner(input, held)).toBe(await spinWinner(input, held));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("every lottery drawing on random tickets, seeds in any script", async () => {
    const tickets = fc
      .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 40 })
      .chain((numbers) =>
        fc.tuple(...numbers.map((number) => seed.map((clientSeed) => ({ number, clientSeed })))),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.uuid(),
        tickets,
        fc.nat(12),
        async (serverSeed, roundId, sold, places) => {
          expect(verifier.ticketsDigest(sold)).toBe(await ticketsDigest(sold));
          expect(verifier.drawLottery(serverSeed, roundId, sold, places)).toEqual(
            await drawLottery(serverSeed, roundId, sold, places),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the canonical JSON of any value is the ledger's", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(ledgerCanonicalJson(value as never));
      }),
    );
  });
});
