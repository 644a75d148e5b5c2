import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  Ledger,
  roundStream,
  walletStream,
} from "@igp/ledger";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../test-support/database.ts";
import { freePort } from "../../../test-support/global-setup.ts";
import { approvedBankDeposit } from "../../../test-support/ledger.ts";

/**
 * Restart safety (DESIGN.md section 5), with a real server process killed by SIGKILL: one round
 * has both stakes and is inside its start notice, another waits for a second player. After a
 * restart the first is settled exactly once and the second refunded exactly once at its deadline.
 */
const repo = path.resolve(import.meta.dirname, "../../..");
let server: ChildProcess | null = null;
afterAll(() => server?.kill("SIGKILL"));

it("a server killed mid-round settles and refunds exactly once after restart", {
  timeout: 150_000,
}, async () => {
  const databaseUrl = await createTestDatabase();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), "igp-restart-")),
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    JWT_SECRET: "restart-test-secret-restart-test-secret",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    GAME_START_NOTICE_MS: "4000",
  };
  const base = `http://127.0.0.1:${env.PORT}`;
  const call = async (method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const startServer = async () => {
    server = spawn(process.execPath, ["--import", "tsx", "game-server/src/main.ts"], {
      cwd: repo,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not start");
  };

  const pool = createPgPool(databaseUrl, 5);
  const store = createPostgresEventStore({ pool });
  const ledger = new Ledger(new CommandHandler(store));
  try {
    await startServer();
    const signUp = async (phone: string) => {
      const password = "secret12";
      await call("POST", "/api/auth/user/register", undefined, {
        phone,
        fullName: "Player One",
        password,
        confirmPassword: password,
      });
      const login = await call("POST", "/api/auth/user/login", undefined, { phone, password });
      return { userId: login.body.userId as string, token: login.body.token as string };
    };
    const [alice, bob, carol] = [
      await signUp("0911000001"),
      await signUp("0911000002"),
      await signUp("0911000003"),
    ];
    for (const p of [alice, bob, carol]) await approvedBankDeposit(ledger, p.userId, 100_00);
    // The shortest waiting time the settings allow (1 minute), so the refund comes soon.
    await pool.query("UPDATE settings SET game_waiting_time = 1 WHERE group_name = 'coinFlip'");

    const waiting = await call("POST", "/api/game/private/create", carol.token, {
      gameType: "coin-flip",
      access: "private",
      betAmount: 10,
      selectedSide: "T",
      clientSeed: "carol",
    });
    expect(waiting.status).toBe(201);
    const flipping = await call("POST", "/api/game/private/create", alice.token, {
      gameType: "coin-flip",
      access: "private",
      betAmount: 20,
      selectedSide: "H",
      clientSeed: "alice",
    });
    const joined = await call("POST", "/api/game/coin-flip/join", bob.token, {
      code: flipping.body.gameCode,
      clientSeed: "bob",
    });
    expect(joined.status).toBe(200);
    server!.kill("SIGKILL");
    await new Promise((resolve) => server!.once("exit", resolve));

    await startServer();
    const settled = async () =>
      (await call("GET", `/api/game/coin-flip/get/${flipping.body.gameCode}`)).body;
    await expect.poll(async () => (await settled()).status, { timeout: 20_000 }).toBe("finished");
    const flipRound = await store.readStream(roundStream(flipping.body.game.fairness.roundId));
    expect(flipRound.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    const deadline = Date.parse(waiting.body.game.deadline);
    const refundRound = waiting.body.game.fairness.roundId;
    await expect
      .poll(
        async () =>
          (await call("GET", `/api/game/coin-flip/get/${waiting.body.gameCode}`)).body.status,
        {
          timeout: deadline - Date.now() + 20_000,
          interval: 1_000,
        },
      )
      .toBe("expired");
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    const cancelled = await store.readStream(roundStream(refundRound));
    expect(cancelled.filter((e) => e.type === "RoundCancelled")).toHaveLength(1);
    const carolWallet = await store.readStream(walletStream(carol.userId));
    const refunds = carolWallet.filter(
      (e) =>
        e.type === "WalletCredited" && (e.data as { reason?: string }).reason === "stakeRefund",
    );
    expect(refunds).toHaveLength(1);

    const me = await call("GET", "/api/login/user", carol.token);
    expect(me.body.mainBalance).toBe(100);
    const winner = (await settled()).fairness.outcome === "H" ? alice : bob;
    const loser = winner === alice ? bob : alice;
    expect((await call("GET", "/api/login/user", winner.token)).body.mainBalance).toBe(116);
    expect((await call("GET", "/api/login/user", loser.token)).body.mainBalance).toBe(80);
  } finally {
    server?.kill("SIGTERM");
    if (server) await new Promise((resolve) => server!.once("exit", resolve));
    server = null;
    await pool.end();
  }
  const audit = spawnSync(process.execPath, ["--import", "tsx", "game-server/src/cli/audit.ts"], {
    cwd: repo,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  expect(audit.stdout).toContain("verdict          OK");
  expect(audit.status).toBe(0);
});
