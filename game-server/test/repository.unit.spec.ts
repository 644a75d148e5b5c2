import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The test files follow one naming scheme (docs/architecture.md, "Tests"):
 * `<subject>.<kind>.spec.ts(x)`, the kind saying what the test runs against, and each kind in
 * its place.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PACKAGES = ["shared", "ledger", "projections", "game-server", "client", "test-support"];
const SKIPPED = /(^|\/)(node_modules|dist|\.prerender)(\/|$)/;

const specFiles = PACKAGES.flatMap((pkg) =>
  readdirSync(`${ROOT}${pkg}`, { recursive: true, encoding: "utf8" })
    .map((file) => `${pkg}/${file}`)
    .filter((file) => !SKIPPED.test(file) && /\.spec\.tsx?$/.test(file)),
);

/** Where each kind may live: a test that starts the server or a browser is not beside a module. */
const PLACES: Record<string, RegExp> = {
  unit: /^(shared|ledger|projections|game-server|client)\//,
  dom: /^client\//,
  int: /^(shared|ledger|projections|game-server)\//,
  http: /^game-server\/test\//,
  e2e: /^game-server\/test\/e2e\//,
};

describe("the test files", () => {
  it("are found", () => {
    expect(specFiles.length).toBeGreaterThan(100);
  });

  it("are named <subject>.<kind>.spec.ts(x), kind one of unit, dom, int, http, e2e", () => {
    const misnamed = specFiles.filter(
      (file) => !/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.(unit|dom|int|http|e2e)\.spec\.tsx?$/.test(file),
    );
    expect(misnamed).toEqual([]);
  });

  it("live where their kind belongs", () => {
    const misplaced = specFiles.filter((file) => {
      const kind = /\.([a-z0-9]+)\.spec\.tsx?$/.exec(file)?.[1] ?? "";
      return !PLACES[kind]?.test(file);
    });
    expect(misplaced).toEqual([]);
  });
});
