import { spawnSync } from "node:child_process";
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
import { balancesOf } from "../../../test-support/games.ts";
import { freePort } from "../../../test-support/global-setup.ts";
import { httpCaller, signUpPlayer } from "../../../test-support/http.ts";
import { approvedBankDeposit } from "../../../test-support/ledger.ts";
import {
  type ChildServer,
  ROOT,
  spawnServer,
  waitForHealth,
} from "../../../test-support/server-process.ts";

/**
 * Restart safety (DESIGN.md section 5), with a real server process killed by SIGKILL: one round
 * has both stakes and is inside its start notice, another waits for a second player. After a
 * restart the first is settled exactly once and the second refunded exactly once at its deadline.
 */
let server: ChildServer | null = null;
afterAll(() => server?.child.kill("SIGKILL"));

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
  const url = `http://127.0.0.1:${env.PORT}`;
  const http = { call: httpCaller(url) };
  const { call } = http;
  const startServer = async () => {
    server = spawnServer(env);
    await waitForHealth(server, url, 30_000);
  };

  const pool = createPgPool(databaseUrl, 5);
  const store = createPostgresEventStore({ pool });
  const ledger = new Ledger(new CommandHandler(store));
  try {
    await startServer();
    const [alice, bob, carol] = [
      await signUpPlayer(http, "Alice Tadesse"),
      await signUpPlayer(http, "Bob Girma"),
      await signUpPlayer(http, "Carol Haile"),
    ];
    for (const p of [alice, bob, carol]) await approvedBankDeposit(ledger, p.userId, 100_00);
    // The shortest waiting time the settings allow (1 minute), so the refund comes soon.
    await pool.query("UPDATE settings SET game_waiting_time = 1 WHERE group_name = 'coinFlip'");

    const privateRound = (token: string, betAmount: number, selectedSide: "H" | "T") =>
      call("POST", "/api/game/private/create", {
        token,
        body: {
          gameType: "coin-flip",
          access: "private",
          betAmount,
          selectedSide,
          clientSeed: "s",
        },
      });
    const waiting = await privateRound(carol.token, 10, "T");
    expect(waiting.status).toBe(201);
    const flipping = await privateRound(alice.token, 20, "H");
    const joined = await call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code: flipping.body.gameCode, clientSeed: "bob" },
    });
    expect(joined.status).toBe(200);
    server!.child.kill("SIGKILL");
    await server!.exited;

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

    expect((await balancesOf(http, carol.token)).main).toBe(100);
    const winner = (await settled()).fairness.outcome === "H" ? alice : bob;
    const loser = winner === alice ? bob : alice;
    expect((await balancesOf(http, winner.token)).main).toBe(116);
    expect((await balancesOf(http, loser.token)).main).toBe(80);
  } finally {
    await server?.stop();
    server = null;
    await pool.end();
  }
  const audit = spawnSync(process.execPath, ["--import", "tsx", "game-server/src/cli/audit.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  expect(audit.stdout).toContain("verdict          OK");
  expect(audit.status).toBe(0);
});
