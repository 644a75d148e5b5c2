// The provably fair draws, reimplemented from docs/fairness.md alone (no code of the platform):
// every string below enters HMAC-SHA256 and SHA-256 as its UTF-8 bytes, and the seeds and the
// tickets digest as their lowercase hex text, never decoded to bytes.
import { createHash, createHmac } from "node:crypto";

/** SHA-256 of a text's UTF-8 bytes, lowercase hex (the commitment of a server seed). */
export function sha256Hex(text) {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * A uniform index in [0, n): HMAC-SHA256(key = serverSeed, message =
 * clientSeeds.join(":") + ":" + roundId + ":" + nonce + ":" + cursor), read as eight unsigned
 * 32-bit big-endian integers; the first below 2^32 - (2^32 mod n) gives value mod n; if none
 * is, the cursor moves to the next integer.
 */
export function drawIndex({ serverSeed, clientSeeds, roundId }, nonce, n) {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Cannot draw among ${n}.`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (let cursor = 0; cursor < 1_000; cursor++) {
    const message = `${clientSeeds.join(":")}:${roundId}:${nonce}:${cursor}`;
    const bytes = createHmac("sha256", Buffer.from(serverSeed, "utf8"))
      .update(message, "utf8")
      .digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const value = bytes.readUInt32BE(offset);
      if (value < limit) return value % n;
    }
  }
  throw new Error("No unbiased value found.");
}

/** Coin flip: index 0 of 2 is heads. */
export function flipCoin(input) {
  return drawIndex(input, 0, 2) === 0 ? "H" : "T";
}

/** Spin wheel: the number at the drawn index among the held numbers, ascending, without repeats. */
export function spinWinner(input, heldNumbers) {
  const held = [...new Set(heldNumbers)].sort((a, b) => a - b);
  return held[drawIndex(input, 0, held.length)];
}

/** SHA-256 of the lines "number:clientSeed", by ticket number, joined by "\n" (no final newline). */
export function ticketsDigest(tickets) {
  const lines = [...tickets]
    .sort((a, b) => a.number - b.number)
    .map((ticket) => `${ticket.number}:${ticket.clientSeed}`);
  return sha256Hex(lines.join("\n"));
}

/** Lottery: place k (0 = first) is drawn with nonce k among the numbers not drawn yet, ascending. */
export function drawLottery(serverSeed, roundId, tickets, places) {
  const input = { serverSeed, clientSeeds: [ticketsDigest(tickets)], roundId };
  const remaining = [...new Set(tickets.map((ticket) => ticket.number))].sort((a, b) => a - b);
  const winners = [];
  for (let place = 0; place < places && remaining.length > 0; place++) {
    winners.push(remaining.splice(drawIndex(input, place, remaining.length), 1)[0]);
  }
  return winners;
}
