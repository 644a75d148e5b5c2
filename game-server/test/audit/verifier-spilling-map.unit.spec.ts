import { readdirSync } from "node:fs";
import fc from "fast-check";
import { expect, it } from "vitest";
import { ScratchDir } from "../../../tools/verify-export/lib/scratch-dir.mjs";
import { SpillingMap } from "../../../tools/verify-export/lib/spilling-map.mjs";

type Value = { n: number; text: string };
const key = fc.integer({ min: 0, max: 9 }).map((i) => `wallet-${i}`);
const command = fc.oneof(
  fc.record({ op: fc.constant("set" as const), key, n: fc.integer(), text: fc.string() }),
  fc.record({ op: fc.constant("change" as const), key, by: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ op: fc.constant("delete" as const), key }),
);

/**
 * The verifier's open streams behave as a Map whatever its bound and however often its file is
 * written again: what is read back is what was set, changed in place after a `get` included
 * (the verifier changes a stream's link and money that way), and nothing deleted comes back.
 */
it("holds what a Map holds, in memory or spilled, values changed after a get included", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 300 }),
      fc.array(command, { maxLength: 80 }),
      (inMemory, slack, commands) => {
        const scratch = new ScratchDir();
        const map = new SpillingMap<Value>(inMemory, () => scratch.file("streams"), slack);
        const model = new Map<string, Value>();
        try {
          for (const c of commands) {
            if (c.op === "set") {
              map.set(c.key, { n: c.n, text: c.text });
              model.set(c.key, { n: c.n, text: c.text });
            } else if (c.op === "change") {
              const value = map.get(c.key);
              expect(value).toEqual(model.get(c.key));
              if (value) value.n += c.by;
              const expected = model.get(c.key);
              if (expected) expected.n += c.by;
            } else {
              map.delete(c.key);
              model.delete(c.key);
            }
            expect(map.size).toBe(model.size);
          }
          const sorted = (entries: Iterable<[string, Value]>) =>
            [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
          expect(sorted(map)).toEqual(sorted(model));
          for (const [k, value] of model) expect(map.get(k)).toEqual(value);
        } finally {
          map.close();
          scratch.close();
        }
      },
    ),
    { numRuns: 300 },
  );
});

it("writes its file only once it holds more than its bound, in a directory the caller removes", () => {
  const scratch = new ScratchDir();
  const file = scratch.file("streams");
  const map = new SpillingMap<Value>(2, () => file);
  const dir = file.slice(0, file.lastIndexOf("/"));
  map.set("a", { n: 1, text: "" });
  map.set("b", { n: 2, text: "" });
  expect(readdirSync(dir)).toEqual([]);
  map.set("c", { n: 3, text: "" });
  expect(readdirSync(dir)).toEqual(["streams"]);
  expect(map.get("a")).toEqual({ n: 1, text: "" });
  map.close();
  scratch.close();
  expect(() => readdirSync(dir)).toThrow();
});
