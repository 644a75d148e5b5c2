import { Client, type Room } from "@colyseus/sdk";
import { roundStream, walletStream } from "@igp/ledger";
import { auditLedger } from "@igp/projections";
import { eventually } from "@igp/test-support/agents.ts";
import { balancesOf } from "@igp/test-support/games.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { buyTicket, lotteryForm } from "@igp/test-support/lottery.ts";
import { restartableServer } from "@igp/test-support/restartable-server.ts";
import { afterAll, expect, it } from "vitest";

/**
 * kill -9 inside a lottery's drawing (LOTTERY_CRASH_AT, lottery-crash-points.ts): the server
 * process kills itself after the close of sales, after the drawing is recorded (nothing paid),
 * in the middle of the reveal (nothing paid), and after the payment (the round settled, the
 * registry not told). Until the reveal ends no prize is in any wallet. After each restart the
 * lottery's room is adopted from the registry and the round's stream: the drawing completes,
 * each winner is paid exactly once, the ledger audits clean, and a watcher sees the reveal
 * where it stands.
 */
let restart: Awaited<ReturnType<typeof restartableServer>> | null = null;
afterAll(() => restart?.kill());

it("a drawing killed at each of its steps completes once after a restart; each winner paid once", {
  timeout: 900_000,
}, async () => {
  restart = await restartableServer("lottery-crash", {
    ROUND_LEASE_SECONDS: "2",
    GAME_START_NOTICE_MS: "500",
    LOTTERY_REVEAL_EVERY_MS: "5000",
  });
  const { call, store, pool, ledger } = restart;
  try {
    await restart.start();
    const admin = (
      await call("POST", "/api/auth/user/login", {
        body: { phone: "root@example.com", password: "root-password-1" },
      })
    ).body.token as string;
    const players = [
      await signUpPlayer({ call }, "Alice Tadesse"),
      await signUpPlayer({ call }, "Bob Girma"),
      await signUpPlayer({ call }, "Carol Haile"),
    ];
    for (const p of players) await approvedBankDeposit(ledger, p.userId, 100_00);
    const spent = [0, 0, 0];
    const prizesWon = [0, 0, 0];
    // Money prizes credited so far (three per lottery: 100, 50, 20; the phone is an award).
    let paidSoFar = 0;

    for (const step of ["closed", "recorded", "revealing", "paid"]) {
      const created = await call("POST", "/api/games/lottery/create", {
        token: admin,
        body: lotteryForm(
          { betAmount: 1, winAmount: 100, prizes: "50, 20, Phone" },
          await pngImage(),
        ),
      });
      expect(created.status).toBe(201);
      const code = created.body.code as string;
      const roundId = (await call("GET", `/api/game/lottery/fair/${code}`)).body.roundId as string;
      for (let i = 0; i < 12; i++) {
        expect((await buyTicket({ call }, players[i % 3]!.token, code)).status).toBe(201);
        spent[i % 3]! += 1;
      }

      // Stopped at the step: the Finish never answers, the process is gone.
      await restart.kill();
      await restart.start({ LOTTERY_CRASH_AT: step });
      await (await joinWhenAdopted(restart.env.PORT!, code)).leave();
      const finish = call("POST", "/api/games/lottery/finish", {
        token: admin,
        body: { code },
      }).catch(() => null);
      await restart.exited();
      await finish;
      const registry = (
        await pool.query("SELECT status, paid_at FROM lotteries WHERE code = $1", [code])
      ).rows[0];
      expect(registry).toEqual({ status: step === "closed" ? "drawing" : "drawn", paid_at: null });
      // Before the reveal's end nothing is paid; at `paid` the round settled, nobody told.
      expect(await events(roundId, "RoundSettled")).toBe(step === "paid" ? 1 : 0);
      const creditedNow = await Promise.all(players.map((p) => prizeCredits(p.userId)));
      expect(creditedNow.reduce((a, b) => a + b, 0)).toBe(paidSoFar + (step === "paid" ? 3 : 0));

      // Back up: the room is adopted and the drawing completes; a watcher sees it where it is.
      await restart.start();
      const watcher = await joinWhenAdopted(restart.env.PORT!, code);
      watcher.onMessage("winner", () => {});
      let drawnSeen = false;
      watcher.onMessage("drawn", () => {
        drawnSeen = true;
      });
      const state = () => (watcher.state as { toJSON(): { phase?: string } }).toJSON();
      if (step === "revealing") {
        // The reveal resumes on its schedule: the winners due by now are already shown.
        await expect
          .poll(() => (watcher.state as { revealed: unknown[] }).revealed.length)
          .toBeGreaterThan(0);
      }
      // Drawn: told live, or (a room that only had to pay finishes as the watcher joins) shown.
      await expect
        .poll(() => drawnSeen || state().phase === "drawn", { timeout: 40_000 })
        .toBe(true);
      await watcher.leave();
      // The API tells the winners once the room has revealed them.
      const drawn = await eventually(
        () => call("GET", `/api/game/lottery/get/${code}`),
        (r) => r.body.status === "drawn",
      );

      expect(await events(roundId, "RoundSettled")).toBe(1);
      expect(
        (await pool.query("SELECT paid_at FROM lotteries WHERE code = $1", [code])).rows[0].paid_at,
      ).not.toBeNull();
      paidSoFar += 3;
      const winners = drawn.body.winners as { winnerLotteryNumber: number; amount: number }[];
      expect(winners.map((w) => w.winnerLotteryNumber).length).toBe(4);
      for (const w of winners)
        if (w.amount !== null) prizesWon[(w.winnerLotteryNumber - 1) % 3]! += w.amount;
    }

    // Every winner paid once: prize credits, balances and the audit agree.
    await restart.kill();
    await restart.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const credits = await Promise.all(players.map((p) => prizeCredits(p.userId)));
    expect(credits.reduce((a, b) => a + b, 0)).toBe(12);
    for (const [i, player] of players.entries())
      expect(await balancesOf({ call }, player.token)).toEqual({
        main: 100 - spent[i]! + prizesWon[i]!,
        bonus: 0,
      });
    expect((await auditLedger(store, pool)).problems).toEqual([]);
  } finally {
    await restart.close();
  }

  async function events(roundId: string, type: string) {
    return (await store.readStream(roundStream(roundId))).filter((e) => e.type === type).length;
  }
  async function prizeCredits(userId: string) {
    return (await store.readStream(walletStream(userId))).filter(
      (e) => e.type === "WalletCredited" && (e.data as { reason: string }).reason === "prize",
    ).length;
  }
});

/** Joins the lottery's room, retrying while the restarted process adopts it (a lease later). */
async function joinWhenAdopted(port: string, code: string): Promise<Room> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await new Client(`http://127.0.0.1:${port}`).joinById(code);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
