import { spawnSync } from "node:child_process";
import { roundStream, walletStream } from "@igp/ledger";
import { balancesOf } from "@igp/test-support/games.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { restartableServer } from "@igp/test-support/restartable-server.ts";
import { ROOT } from "@igp/test-support/server-process.ts";
import { afterAll, expect, it } from "vitest";

/**
 * Restart safety (docs/architecture.md, the round kernel), with a real server process killed
 * by SIGKILL. Coin flip: one round has both stakes and is inside its start notice, another waits for a second player.
 * Spin wheel: one round has two players' locks and waits for its deadline, another has one
 * player. After a restart the full coin flip is settled exactly once, the spin drawn exactly once
 * at its deadline, and the two lone players refunded exactly once at theirs.
 */
let restart: Awaited<ReturnType<typeof restartableServer>> | null = null;
afterAll(() => restart?.kill());

it("a server killed mid-round settles and refunds exactly once after restart, in every game", {
  timeout: 150_000,
}, async () => {
  restart = await restartableServer("restart", { GAME_START_NOTICE_MS: "4000" });
  const { databaseUrl, call, pool, store, ledger } = restart;
  const http = { call };
  try {
    await restart.start();
    // Five sign-ups: the registration limit allows no more in a minute.
    const [alice, bob, carol, dawit, eden] = [
      await signUpPlayer(http, "Alice Tadesse"),
      await signUpPlayer(http, "Bob Girma"),
      await signUpPlayer(http, "Carol Haile"),
      await signUpPlayer(http, "Dawit Alemu"),
      await signUpPlayer(http, "Eden Bekele"),
    ];
    for (const p of [alice, bob, carol, dawit, eden])
      await approvedBankDeposit(ledger, p.userId, 100_00);
    // The shortest waiting time the settings allow (1 minute), so the deadlines come soon.
    await pool.query("UPDATE settings SET game_waiting_time = 1");

    const privateSpin = (token: string, betAmount: number, selectedNumbers: number[]) =>
      call("POST", "/api/game/private/create", {
        token,
        body: { gameType: "spin-wheel", betAmount, selectedNumbers, clientSeed: "s" },
      });
    const lonelySpin = await privateSpin(dawit.token, 5, [1, 2]);
    expect(lonelySpin.status).toBe(201);
    const spinning = await privateSpin(eden.token, 4, [1]);
    const locked = await call("POST", "/api/game/spin-wheel/join", {
      token: dawit.token,
      body: { code: spinning.body.gameCode, selectedNumbers: [2, 3], clientSeed: "dawit" },
    });
    expect(locked.status).toBe(200);

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
    await restart.kill();

    await restart.start();
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

    // Spin wheel: the two-player round drawn once at its deadline, the lone player refunded once.
    const spin = async (code: string) =>
      (await call("GET", `/api/game/spin-wheel/get/${code}`)).body;
    await expect
      .poll(async () => (await spin(spinning.body.gameCode)).status, { timeout: 20_000 })
      .toBe("finished");
    await expect
      .poll(async () => (await spin(lonelySpin.body.gameCode)).status, { timeout: 20_000 })
      .toBe("expired");
    const spinRound = await store.readStream(roundStream(spinning.body.game.fairness.roundId));
    expect(spinRound.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    const lonelyRound = await store.readStream(roundStream(lonelySpin.body.game.fairness.roundId));
    expect(lonelyRound.filter((e) => e.type === "RoundCancelled")).toHaveLength(1);
    // Dawit's lone round refunded his 10; the other has a pot of 3 x 4 = 12, the winner gets 10.80.
    const edenWon = (await spin(spinning.body.gameCode)).gameResult.winnerValue === 1;
    expect((await balancesOf(http, eden.token)).main).toBe(edenWon ? 106.8 : 96);
    expect((await balancesOf(http, dawit.token)).main).toBe(edenWon ? 92 : 102.8);
  } finally {
    await restart.close();
  }
  const audit = spawnSync(process.execPath, ["--import", "tsx", "game-server/src/cli/audit.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  expect(audit.stdout).toContain("verdict          OK");
  expect(audit.status).toBe(0);
});
