import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpillFile } from "./spill-file.ts";

// Spill files made here go to a directory of this file's own, so the tests that count the
// system's spill directories (ledger-replay-spill.int.spec.ts) never see them.
const systemTmp = process.env.TMPDIR;
let ownTmp: string;
beforeAll(() => {
  ownTmp = mkdtempSync(path.join(tmpdir(), "igp-spill-file-test-"));
  process.env.TMPDIR = ownTmp;
});
afterAll(() => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  rmSync(ownTmp, { recursive: true, force: true });
});

const spillDirectories = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith("igp-audit-spill-"));

const KEYS = ["a", "b", "c", "d", "e", "f"];
const key = fc.constantFrom(...KEYS);

/** What the audit does to its spill file: a batch written, a key taken back, a key removed. */
const operation = fc.oneof(
  fc.record({
    write: fc.array(fc.tuple(key, fc.uint8Array({ maxLength: 40 })), { maxLength: 4 }),
  }),
  fc.record({ take: key }),
  fc.record({ remove: key }),
);

describe("the audit's spill file", () => {
  it("answers every key as a map would, through replacements, take-backs, removals and compactions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 40 }), fc.nat(64), async (ops, slack) => {
        const file = new SpillFile(slack);
        const model = new Map<string, Buffer>();
        try {
          for (const op of ops) {
            if ("write" in op) {
              const values = op.write.map(([k, bytes]): [string, Buffer] => [
                k,
                Buffer.from(bytes),
              ]);
              file.write(values);
              for (const [k, value] of values) model.set(k, value);
            } else if ("take" in op) {
              expect(file.take(op.take)).toEqual(model.get(op.take));
              model.delete(op.take);
            } else {
              file.remove(op.remove);
              model.delete(op.remove);
            }
            for (const k of KEYS) expect(file.get(k)).toEqual(model.get(k));
          }
          expect(new Map(file.entries())).toEqual(model);
        } finally {
          await file.close();
        }
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });

  it("is removed by close, directory and all", async () => {
    expect(tmpdir()).toBe(ownTmp);
    const before = spillDirectories();
    const file = new SpillFile();
    file.write([["wallet-1", Buffer.from("state")]]);
    const made = spillDirectories().filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    await file.close();
    expect(existsSync(`${tmpdir()}/${made[0]}`)).toBe(false);
  });
});
