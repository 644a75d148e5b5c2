import { roundStream, walletStream } from "@igp/ledger";
import { auditLedger } from "@igp/projections";
import { freePort } from "@igp/test-support/global-setup.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { buyTicket, lotteryForm } from "@igp/test-support/lottery.ts";
import { restartableServer } from "@igp/test-support/restartable-server.ts";
import { type ChildServer, spawnServer, waitForHealth } from "@igp/test-support/server-process.ts";
import { afterAll, expect, it } from "vitest";

/**
 * Two processes on one database, each believing it runs a lottery's room: A holds it, is frozen
 * (SIGSTOP) past its lease, B adopts it (without Redis, B cannot see A is alive), then A thaws
 * with its out date passed and its room still running until it finds its lease gone. Both rooms
 * may close and draw: the registry's status change and the ledger's step ids let one drawing
 * through, each winner paid once.
 */
let a: Awaited<ReturnType<typeof restartableServer>> | null = null;
let b: ChildServer | null = null;
afterAll(async () => {
  a?.server()?.child.kill("SIGCONT");
  await b?.stop();
  await a?.kill();
});

it("two processes believing they own a lottery: one drawing, each winner paid once", {
  timeout: 400_000,
}, async () => {
  const settings = { ROUND_LEASE_SECONDS: "2", GAME_START_NOTICE_MS: "300" };
  a = await restartableServer("lottery-two-owners", {
    ...settings,
    LOTTERY_REVEAL_EVERY_MS: "200",
  });
  const { call, store, pool, ledger } = a;
  try {
    await a.start();
    const admin = (
      await call("POST", "/api/auth/user/login", {
        body: { phone: "root@example.com", password: "root-password-1" },
      })
    ).body.token as string;
    const players = [
      await signUpPlayer({ call }, "Alice Tadesse"),
      await signUpPlayer({ call }, "Bob Girma"),
    ];
    for (const p of players) await approvedBankDeposit(ledger, p.userId, 100_00);
    const outDate = new Date(Date.now() + 30_000).toISOString();
    const created = await call("POST", "/api/games/lottery/create", {
      token: admin,
      body: lotteryForm(
        { betAmount: 1, winAmount: 100, prizes: "50, 20", outDate },
        await pngImage(),
      ),
    });
    expect(created.status).toBe(201);
    const code = created.body.code as string;
    const roundId = (await call("GET", `/api/game/lottery/fair/${code}`)).body.roundId as string;
    for (let i = 0; i < 10; i++)
      expect((await buyTicket({ call }, players[i % 2]!.token, code)).status).toBe(201);

    // B starts beside A; A freezes past its lease and past the out date: B adopts the lottery.
    const port = await freePort();
    b = spawnServer({ ...a.env, PORT: String(port) });
    await waitForHealth(b, `http://127.0.0.1:${port}`, 120_000);
    a.server()!.child.kill("SIGSTOP");
    const holder = async () =>
      (await pool.query("SELECT holder FROM lottery_leases WHERE round_id = $1", [roundId])).rows[0]
        ?.holder as string | undefined;
    const first = await holder();
    expect(first).toBeDefined();
    await expect
      .poll(async () => [first, undefined].includes(await holder()), { timeout: 20_000 })
      .toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(outDate) - Date.now() + 200));
    a.server()!.child.kill("SIGCONT");

    const view = () => call("GET", `/api/game/lottery/get/${code}`);
    await expect.poll(async () => (await view()).body.status, { timeout: 30_000 }).toBe("drawn");
    const drawn = await view();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const events = await store.readStream(roundStream(roundId));
    expect(events.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    const prizes = await Promise.all(
      players.map(async (p) =>
        (await store.readStream(walletStream(p.userId))).filter(
          (e) => e.type === "WalletCredited" && (e.data as { reason: string }).reason === "prize",
        ),
      ),
    );
    expect(prizes.flat()).toHaveLength(3);
    expect(drawn.body.winners).toHaveLength(3);
    expect((await auditLedger(store, pool)).problems).toEqual([]);
  } finally {
    a.server()?.child.kill("SIGCONT");
    await b?.stop();
    b = null;
    await a.close();
  }
});
