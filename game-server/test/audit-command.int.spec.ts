import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ProjectionRunner } from "@igp/projections";
import { createTestLedger, tamperWithEvent } from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

const run = promisify(execFile);
let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
  await generateLedgerActivity(t.ledger);
  await new ProjectionRunner(t.store, t.pool).catchUp();
});
afterAll(() => t.close());

/** `npm run audit` as a person runs it, on the database the test filled. */
async function audit(...args: string[]) {
  const npm = ["run", "-s", "audit", ...(args.length ? ["--", ...args] : [])];
  return run("npm", npm, { env: { ...process.env, DATABASE_URL: t.url } }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

it("passes on a ledger the tests filled, and fails once an event is tampered with", async () => {
  const clean = await audit();
  expect(clean.stdout).toContain("verdict          OK");
  expect(clean.stdout).toMatch(/money in\s+6060\.00\n/);
  expect(clean.code).toBe(0);
  // One open account in memory, the others spilled to a temporary file: the same report.
  expect(await audit("--open-streams-in-memory", "1")).toEqual(clean);

  await tamperWithEvent(t.pool, {
    type: "WalletCredited",
    field: "main",
    value: 999_999,
    which: "last",
  });
  const tampered = await audit();
  expect(tampered.code).toBe(1);
  expect(tampered.stdout).toContain("verdict          FAILED");
  expect(tampered.stdout).toContain("hash does not match the event's content");
  expect(await audit("--open-streams-in-memory", "1")).toEqual(tampered);
  expect(await audit("--open-streams-in-memory", "0")).toMatchObject({ code: 2 });
}, 240_000);
