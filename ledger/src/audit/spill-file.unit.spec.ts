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

/** A batch: keys removed, then keys written with values (possibly the same keys). */
const batch = fc.record({
  removed: fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 3 }),
  written: fc.array(
    fc.tuple(fc.constantFrom("a", "b", "c", "d", "e", "f"), fc.uint8Array({ maxLength: 40 })),
    { maxLength: 4 },
  ),
});

describe("the audit's spill file", () => {
  it("answers every key as a map would, through replacements, removals and compactions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { maxLength: 30 }), fc.nat(64), async (batches, slack) => {
        const file = new SpillFile(slack);
        const model = new Map<string, Buffer>();
        try {
          for (const { removed, written } of batches) {
            const values = written.map(([key, bytes]): [string, Buffer] => [
              key,
              Buffer.from(bytes),
            ]);
            file.write(removed, values);
            for (const key of removed) model.delete(key);
            for (const [key, value] of values) model.set(key, value);
            for (const key of ["a", "b", "c", "d", "e", "f"])
              expect(file.get(key)).toEqual(model.get(key));
          }
          expect(new Map(file.entries())).toEqual(model);
        } finally {
          await file.close();
        }
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });

  it("is removed by close, directory and all", async () => {
    expect(tmpdir()).toBe(ownTmp);
    const before = spillDirectories();
    const file = new SpillFile();
    file.write([], [["wallet-1", Buffer.from("state")]]);
    const made = spillDirectories().filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    await file.close();
    expect(existsSync(`${tmpdir()}/${made[0]}`)).toBe(false);
  });
});
