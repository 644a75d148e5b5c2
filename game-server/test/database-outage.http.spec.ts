import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@igp/test-support/global-setup.ts";
import { httpCaller, signUpPlayer } from "@igp/test-support/http.ts";
import {
  type ChildServer,
  sleep,
  spawnServer,
  waitForHealth,
} from "@igp/test-support/server-process.ts";
import { afterAll, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "../src/database/unavailable.ts";

/**
 * Issue 15: a server on its embedded PostgreSQL whose database is killed (SIGKILL to the
 * postmaster) answers 503 with a clear message on the API and on health, never 500; it
 * restarts the PostgreSQL it owns by itself, health goes green again, and the API works.
 */
let server: ChildServer | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it("a killed embedded PostgreSQL: 503s meanwhile, then the server recovers by itself", {
  timeout: 120_000,
}, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "igp-outage-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    TWO_FACTOR_STAFF: "off",
  };
  delete env.DATABASE_URL;
  const url = `http://127.0.0.1:${port}`;
  const call = httpCaller(url);
  server = spawnServer(env);
  await waitForHealth(server, url, 90_000);
  const player = await signUpPlayer({ call }, "Hana Tesfaye");
  const signIn = () =>
    call("POST", "/api/auth/user/login", {
      body: { phone: "root@example.com", password: "root-password-1" },
    });
  expect((await signIn()).status).toBe(200);

  const postmaster = Number(
    (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
  );
  process.kill(postmaster, "SIGKILL");

  // While it is down (the server restarts it within seconds): 503 everywhere, never 500.
  const seen = { health: new Set<number>(), api: new Set<number>(), messages: new Set<string>() };
  const deadline = Date.now() + 60_000;
  let recovered = false;
  while (Date.now() < deadline && !recovered) {
    const [health, me] = await Promise.all([
      call("GET", "/api/health"),
      call("GET", "/api/login/user", { token: player.token }),
    ]);
    seen.health.add(health.status);
    seen.api.add(me.status);
    if (me.status === 503) seen.messages.add(me.body.message);
    recovered = seen.health.has(503) && health.status === 200 && me.status === 200;
    await sleep(50);
  }
  expect(seen.health).toContain(503);
  expect(seen.api).toContain(503);
  expect(seen.api).not.toContain(500);
  expect([...seen.messages]).toEqual([DATABASE_UNAVAILABLE]);
  expect(recovered).toBe(true);
  expect((await signIn()).status).toBe(200);
  expect(server.logLines.join("\n")).toContain("Embedded PostgreSQL restarted.");
  // The background workers lost their lock's connection with the database: they take it again.
  await expect
    .poll(async () => (await call("GET", "/api/health")).body.workers, { timeout: 30_000 })
    .toBe("running");
});
