/**
 * Provably fair draws (docs/fairness.md), shared by the server and the browser's /fair page:
 * Web Crypto only, so the same code runs in Node and in the browser.
 *
 * - The server seed of a round is HMAC-SHA256(server secret, "server-seed:" + roundId): it survives
 *   a restart and cannot be known before the reveal without the secret.
 * - Before play the server shows commitment = SHA-256(server seed).
 * - Each draw is HMAC-SHA256(key = server seed, message = clientSeeds joined by ":" + ":" + roundId
 *   + ":" + nonce + ":" + cursor), read 4 bytes at a time as unsigned integers; a value at or above
 *   the largest multiple of n below 2^32 is skipped (no modulo bias), the next 4 bytes are used,
 *   and after 8 values the cursor moves on to a fresh HMAC.
 */
const encoder = new TextEncoder();

/** HMAC-SHA256 and SHA-256, as raw bytes. */
interface Digests {
  hmac(key: string, message: string): Promise<Uint8Array>;
  sha256(text: string): Promise<Uint8Array>;
}

/** Web Crypto: what browsers have (the /fair page). */
export const webDigests: Digests = {
  async hmac(key, message) {
    const cryptoKey = await crypto.subtle.importKey(
      "raw",
      encoder.encode(key),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
  },
  async sha256(text) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  },
};

/** What is used of node:crypto (named here: browser builds have no Node types). */
interface NodeCrypto {
  createHmac(algorithm: "sha256", key: string): NodeHash;
  createHash(algorithm: "sha256"): NodeHash;
}
interface NodeHash {
  update(data: string): NodeHash;
  digest(): Uint8Array;
}

/**
 * node:crypto where it is (the server): the same bytes for about a thirtieth of the CPU, since
 * Web Crypto imports a key and runs a job per call (about 0.2 ms each; a round pays several).
 * Reached through `process.getBuiltinModule`, so that browser bundles never import it.
 */
function nodeDigests(): Digests | null {
  const node = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
  if (!node?.createHmac) return null;
  return {
    hmac: async (key, message) => node.createHmac("sha256", key).update(message).digest(),
    sha256: async (text) => node.createHash("sha256").update(text).digest(),
  };
}

const digests = nodeDigests() ?? webDigests;

function hex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

export async function serverSeedFor(secret: string, roundId: string): Promise<string> {
  return hex(await digests.hmac(secret, `server-seed:${roundId}`));
}

export async function commitmentOf(serverSeed: string): Promise<string> {
  return hex(await digests.sha256(serverSeed));
}

export interface DrawInput {
  serverSeed: string;
  clientSeeds: string[];
  roundId: string;
}

/** A uniform integer in [0, n) for draw number `nonce` of a round. */
export async function drawIndex(input: DrawInput, nonce: number, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Cannot draw among ${n}.`);
  if (!input.serverSeed) throw new RangeError("A server seed is required.");
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (let cursor = 0; cursor < 1_000; cursor++) {
    const message = `${input.clientSeeds.join(":")}:${input.roundId}:${nonce}:${cursor}`;
    const bytes = await digests.hmac(input.serverSeed, message);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset < 32; offset += 4) {
      const value = view.getUint32(offset);
      if (value < limit) return value % n;
    }
  }
  throw new Error("No unbiased value found."); // probability below 2^-8000
}

/** Coin flip: heads or tails. */
export async function flipCoin(input: DrawInput): Promise<"H" | "T"> {
  return (await drawIndex(input, 0, 2)) === 0 ? "H" : "T";
}

/** Spin wheel: the winning number among the numbers players hold (each equally likely). */
export async function spinWinner(input: DrawInput, heldNumbers: number[]): Promise<number> {
  const held = [...new Set(heldNumbers)].sort((a, b) => a - b);
  return held[await drawIndex(input, 0, held.length)]!;
}

/** A lottery ticket as the drawing sees it: its number and its buyer's seed. */
export interface LotteryTicket {
  number: number;
  clientSeed: string;
}

/**
 * The digest of a lottery's final list of tickets: SHA-256 of one line "number:clientSeed" per
 * ticket, by number, joined by newlines. The drawing's one client seed, so the outcome depends
 * on every ticket sold and no one can choose it after seeing them (the server seed is committed).
 */
export async function ticketsDigest(tickets: LotteryTicket[]): Promise<string> {
  const lines = [...tickets]
    .sort((a, b) => a.number - b.number)
    .map((ticket) => `${ticket.number}:${ticket.clientSeed}`);
  return hex(await digests.sha256(lines.join("\n")));
}

/**
 * Lottery: `places` winning ticket numbers drawn without replacement, first place first: draw
 * number i picks index drawIndex(i, remaining) among the remaining numbers in ascending order.
 * Fewer tickets than places: every ticket wins once and the rest stay unawarded.
 */
export async function drawLottery(
  serverSeed: string,
  roundId: string,
  tickets: LotteryTicket[],
  places: number,
): Promise<number[]> {
  const input = { serverSeed, clientSeeds: [await ticketsDigest(tickets)], roundId };
  const remaining = [...new Set(tickets.map((ticket) => ticket.number))].sort((a, b) => a - b);
  const winners: number[] = [];
  for (let draw = 0; draw < places && remaining.length > 0; draw++) {
    const [winner] = remaining.splice(await drawIndex(input, draw, remaining.length), 1);
    winners.push(winner!);
  }
  return winners;
}
