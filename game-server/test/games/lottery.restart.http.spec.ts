import { roundStream, walletStream } from "@igp/ledger";
import { auditLedger } from "@igp/projections";
import { balancesOf } from "@igp/test-support/games.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { buyTicket, lotteryForm } from "@igp/test-support/lottery.ts";
import { restartableServer } from "@igp/test-support/restartable-server.ts";
import { afterAll, expect, it } from "vitest";

/**
 * A real server process killed with SIGKILL during a lottery's drawing (and during a deletion):
 * after the restart each completes exactly once (one settlement, each prize paid once; each
 * ticket refunded once), and a further restart changes nothing.
 */
let restart: Awaited<ReturnType<typeof restartableServer>> | null = null;
afterAll(() => restart?.kill());

it("a drawing or a deletion cut short by SIGKILL completes exactly once after restart", {
  timeout: 400_000,
}, async () => {
  restart = await restartableServer("lottery-restart", {
    ROUND_LEASE_SECONDS: "2",
    GAME_START_NOTICE_MS: "500",
    LOTTERY_REVEAL_EVERY_MS: "100",
  });
  const { call, pool, store, ledger } = restart;
  const events = async (roundId: string, type: string) =>
    (await store.readStream(roundStream(roundId))).filter((e) => e.type === type).length;
  const prizeCredits = async (userId: string) =>
    (await store.readStream(walletStream(userId))).filter(
      (e) => e.type === "WalletCredited" && (e.data as { reason: string }).reason === "prize",
    ).length;
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
    const create = async () => {
      const created = await call("POST", "/api/games/lottery/create", {
        token: admin,
        body: lotteryForm(
          { betAmount: 1, winAmount: 100, prizes: "50, 20, Phone" },
          await pngImage(),
        ),
      });
      expect(created.status).toBe(201);
      const fair = await call("GET", `/api/game/lottery/fair/${created.body.code}`);
      return { ...created.body, roundId: fair.body.roundId as string };
    };
    const drawn = await create();
    const deleted = await create();
    for (const lottery of [drawn, deleted])
      for (let i = 0; i < 30; i++) {
        const bought = await buyTicket({ call }, players[i % 3]!.token, lottery.code);
        expect(bought.status).toBe(201);
      }

    // The drawing: SIGKILL right after its first step (stakes closed, nothing paid yet).
    await restart.kill();
    const system = {
      actor: { userId: "test", role: "system" as const },
      at: new Date().toISOString(),
    };
    await ledger.rounds.closeStakes(drawn.roundId, system);
    await pool.query("UPDATE lotteries SET status = 'drawing' WHERE code = $1", [drawn.code]);
    // The deletion: SIGKILL after it was marked, before a single refund.
    await pool.query("UPDATE lotteries SET status = 'deleting' WHERE code = $1", [deleted.code]);

    // Its room is adopted (a lease later), counts down and draws; the deletion completes too.
    await restart.start();
    const lottery = () => call("GET", `/api/game/lottery/get/${drawn.code}`);
    await expect.poll(async () => (await lottery()).body.status, { timeout: 30_000 }).toBe("drawn");
    const view = await lottery();
    expect(view.body.winners.map((w: { place: number }) => w.place)).toEqual([1, 2, 3, 4]);
    await expect
      .poll(
        async () =>
          (await pool.query("SELECT status FROM lotteries WHERE code = $1", [deleted.code])).rows[0]
            .status,
        { timeout: 30_000 },
      )
      .toBe("deleted");

    // One more SIGKILL and restart: nothing moves again.
    await restart.kill();
    await restart.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await events(drawn.roundId, "RoundSettled")).toBe(1);
    expect(await events(deleted.roundId, "RoundCancelled")).toBe(1);
    const moneyWinners = view.body.winners.filter(
      (w: { amount: number | null }) => w.amount !== null,
    );
    const credits = await Promise.all(players.map((p) => prizeCredits(p.userId)));
    expect(credits.reduce((a, b) => a + b, 0)).toBe(moneyWinners.length);
    // Each player: 100, minus 20 tickets of 1 (10 per lottery; the deleted one's refunded),
    // plus the money prizes their tickets won.
    const wonBy = (index: number) => {
      const numbers = new Set(
        Array.from({ length: 30 }, (_, i) => i + 1).filter((n) => (n - 1) % 3 === index),
      );
      return moneyWinners
        .filter((w: { winnerLotteryNumber: number }) => numbers.has(w.winnerLotteryNumber))
        .reduce((sum: number, w: { amount: number }) => sum + w.amount, 0);
    };
    for (const [index, player] of players.entries())
      expect(await balancesOf({ call }, player.token)).toEqual({
        main: 90 + wonBy(index),
        bonus: 0,
      });
    const report = await auditLedger(store, pool);
    expect(report.problems).toEqual([]);
  } finally {
    await restart.close();
  }
});
