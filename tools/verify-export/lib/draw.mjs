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

/**
 * SHA-256 of the lines "number:clientSeed", by ticket number, joined by "\n" (no final newline).
 * Hashed line by line: a lottery's text is never made whole (9 MB for 127,500 tickets).
 */
export function ticketsDigest(tickets) {
  const hash = createHash("sha256");
  const sorted = [...tickets].sort((a, b) => a.number - b.number);
  for (const [i, ticket] of sorted.entries())
    hash.update(`${i === 0 ? "" : "\n"}${ticket.number}:${ticket.clientSeed}`, "utf8");
  return hash.digest("hex");
}

/** The tickets' numbers ascending, each once. */
function numbersOf(tickets) {
  const numbers = Float64Array.from(tickets, (ticket) => ticket.number).sort();
  const unique = [];
  for (const number of numbers) if (number !== unique.at(-1)) unique.push(number);
  return unique;
}

/** Lottery: place k (0 = first) is drawn with nonce k among the numbers not drawn yet, ascending. */
export function drawLottery(serverSeed, roundId, tickets, places) {
  const input = { serverSeed, clientSeeds: [ticketsDigest(tickets)], roundId };
  const remaining = numbersOf(tickets);
  const winners = [];
  for (let place = 0; place < places && remaining.length > 0; place++) {
    winners.push(remaining.splice(drawIndex(input, place, remaining.length), 1)[0]);
  }
  return winners;
}
