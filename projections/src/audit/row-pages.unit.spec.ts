import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { inStep, PAGE, type Pages } from "./row-pages.ts";
import { ScratchDirectory, SortedRows } from "./sorted-rows.ts";

/** Rows cut into pages of the given sizes (the last page takes the rest). */
async function* cut<T>(rows: T[], sizes: number[]): AsyncGenerator<T[]> {
  let at = 0;
  for (const size of sizes) {
    if (at >= rows.length) return;
    yield rows.slice(at, at + size);
    at += size;
  }
  if (at < rows.length) yield rows.slice(at);
}

async function all<T>(pages: Pages<T>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

const sortedKeys = fc
  .uniqueArray(fc.integer({ min: 0, max: 5_000 }), { maxLength: 2_500, size: "max" })
  .map((keys) => keys.map((key) => `k${String(key).padStart(5, "0")}`).sort());
// Pages of every size, empty ones too (a source may hand one on).
const pageSizes = fc.array(fc.integer({ min: 0, max: 1_500 }), { maxLength: 8, size: "max" });

describe("inStep", () => {
  it("gives each key once, with each side's value, in key order, however either side is paged", async () => {
    await fc.assert(
      fc.asyncProperty(sortedKeys, sortedKeys, pageSizes, pageSizes, async (left, right, a, b) => {
        const walked = await all(
          inStep(
            cut(
              left.map((key): [string, string] => [key, `L${key}`]),
              a,
            ),
            cut(
              right.map((key): [string, string] => [key, `R${key}`]),
              b,
            ),
          ),
        );
        const keys = [...new Set([...left, ...right])].sort();
        expect(walked).toEqual(
          keys.map((key) => [
            key,
            left.includes(key) ? `L${key}` : undefined,
            right.includes(key) ? `R${key}` : undefined,
          ]),
        );
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it("hands its rows on in pages of at most PAGE", async () => {
    const rows = Array.from({ length: 2 * PAGE + 1 }, (_, i): [string, number] => [
      `k${String(i).padStart(5, "0")}`,
      i,
    ]);
    const sizes: number[] = [];
    for await (const page of inStep(cut(rows, [7, 3_000]), cut([], []))) sizes.push(page.length);
    expect(sizes).toEqual([PAGE, PAGE, 1]);
  });
});

describe("SortedRows", () => {
  const scratch = new ScratchDirectory();
  afterEach(() => scratch.close());

  it("gives every row once, combined, in key order, whatever it held on disk", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 1, max: 9 })), {
          maxLength: 4_000,
          size: "max",
        }),
        fc.integer({ min: 1, max: 5_000 }),
        async (added, inMemory) => {
          const rows = new SortedRows<number>(scratch.path, "sums", inMemory, (a, b) => a + b);
          const sums = new Map<string, number>();
          for (const [n, amount] of added) {
            const key = `k${String(n).padStart(4, "0")}`;
            rows.add(key, amount);
            sums.set(key, (sums.get(key) ?? 0) + amount);
          }
          const expected = [...sums].sort(([a], [b]) => (a < b ? -1 : 1));
          expect(await all(rows.pages())).toEqual(expected);
          expect(await all(rows.pages())).toEqual(expected); // again: read twice
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it("combines a key's rows earlier first, across runs and memory", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 600 }),
        fc.integer({ min: 1, max: 50 }),
        async (keys, inMemory) => {
          const rows = new SortedRows<number[]>(scratch.path, "lists", inMemory, (a, b) => [
            ...a,
            ...b,
          ]);
          const lists = new Map<string, number[]>();
          keys.forEach((n, added) => {
            const key = `k${String(n).padStart(2, "0")}`;
            rows.add(key, [added]);
            lists.set(key, [...(lists.get(key) ?? []), added]);
          });
          const expected = [...lists].sort(([a], [b]) => (a < b ? -1 : 1));
          expect(await all(rows.pages())).toEqual(expected);
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });
});
