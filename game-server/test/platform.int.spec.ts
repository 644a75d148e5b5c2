import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { passwordProblem } from "@igp/shared";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { freePort } from "@igp/test-support/global-setup.ts";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../src/accounts/passwords.ts";
import { loadConfig } from "../src/config/config.ts";
import { startPlatform } from "../src/platform.ts";

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop(); // the last started stops first
});

/** A DATA_DIR removed after the tests. */
async function dataDirNamed(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  stops.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: NodeJS.ProcessEnv) {
  const platform = await startPlatform(
    await loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env }),
  );
  stops.push(platform.stop);
  return platform;
}

describe("the platform", () => {
  it("starts on DATABASE_URL, creates the first superAdmin once, and reports its health", async () => {
    const url = await createTestDatabase();
    const dataDir = await dataDirNamed("igp-platform-");
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SUPERADMIN_EMAIL: "Boss@Example.com",
      SUPERADMIN_PASSWORD: "s3cret-pass",
    };
    const first = await start(env);
    expect(first.superAdmin).toEqual({
      created: true,
      email: "boss@example.com",
      generatedPassword: null,
    });
    const { rows } = await first.database.pool.query(
      "SELECT password_hash FROM users WHERE role = 'superAdmin'",
    );
    expect(await verifyPassword(rows[0].password_hash, "s3cret-pass")).toBe(true);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);

    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: "ok",
      database: { status: "up" },
      eventStore: { kind: "postgres", status: "up" },
      workers: "running",
    });
    expect((await fetch(`${first.url}/api/nothing-here`)).status).toBe(404);
    await first.stop();

    const second = await start({ ...env, SUPERADMIN_PASSWORD: "another-one-2" });
    expect(second.superAdmin).toEqual({ created: false });
    await second.stop();
  });

  it("runs on embedded PostgreSQL under DATA_DIR, generates a password, and reuses the data on restart", async () => {
    const dataDir = await dataDirNamed("igp-embedded-");
    const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    const first = await start(env);
    expect(first.superAdmin).toMatchObject({ created: true, email: "superadmin@localhost" });
    const password = first.superAdmin.created ? first.superAdmin.generatedPassword : null;
    expect(password).toMatch(/^[\w-]{16}$/);
    // It meets the staff rule it will be held to (letters and digits).
    expect(passwordProblem(password!, "staff", { required: "", tooShort: "" })).toBeNull();
    await first.database.pool.query("CREATE TABLE kept_between_starts (x int)");
    await first.stop();

    const second = await start(env);
    expect(second.superAdmin).toEqual({ created: false });
    await second.database.pool.query("SELECT * FROM kept_between_starts");
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    await second.stop();
  });
});
