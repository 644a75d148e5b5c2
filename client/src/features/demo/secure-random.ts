/**
 * The demos' randomness: the browser's crypto (Web Crypto), never Math.random. Rejection
 * sampling keeps every value exactly equally likely.
 */
const RANGE = 2 ** 32;

/** A uniformly drawn integer in [0, n), for 1 <= n <= 2^32. */
export function randomBelow(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`randomBelow(${n})`);
  const limit = RANGE - (RANGE % n);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
}
