import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { CommandHandler, createPgPool, createPostgresEventStore, Ledger } from "@igp/ledger";
import { withBenchPostgres } from "./bench-postgres.ts";
import { cpuMeter, postmasterPidIn } from "./process-stats.ts";

/**
 * `npm run bench:stakes`: coin-flip stakes through
 * `ledger.rounds.placeStake` against embedded PostgreSQL, two players per round, STAKES of them
 * with CONCURRENCY in flight. Prints stakes/s and the CPU each stake cost this process (the
 * ledger) and PostgreSQL, the figures of docs/ledger.md's "A stake in one append", and the
 * number of commits (group commit shares them) the stakes took. Asserts nothing.
 */
const STAKES = Number(process.env.STAKES ?? 2_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);

async function main() {
  await withBenchPostgres("stakes", async ({ url, dataDir }) => {
    const pool = createPgPool(url, 40);
    const ledger = new Ledger(new CommandHandler(createPostgresEventStore({ pool })));
    const staff = {
      actor: { userId: "bench", role: "superAdmin" as const },
      at: new Date().toISOString(),
    };
    const stakes = Array.from({ length: STAKES }, (_, i) => ({
      userId: randomUUID(),
      roundId: i % 2 === 0 ? randomUUID() : "",
      stakeId: randomUUID(),
    }));
    for (const [i, stake] of stakes.entries()) {
      if (i % 2 === 1) stake.roundId = stakes[i - 1]!.roundId;
      await ledger.bonuses.grant(stake.userId, randomUUID(), 1_000, staff);
      if (i % 2 === 0)
        await ledger.rounds.open(
          { roundId: stake.roundId, game: "coin-flip", betAmount: 1_000, cutBasisPoints: 1_000 },
          staff,
        );
    }
    const transactions = async () =>
      Number(
        (await pool.query("SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_events"))
          .rows[0].n,
      );
    const before = await transactions();
    const meter = await cpuMeter([], { postmasterPid: await postmasterPidIn(dataDir) });
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < stakes.length) {
          const { userId, roundId, stakeId } = stakes[next++]!;
          await ledger.rounds.placeStake(
            { userId, roundId, stakeId, amount: 1_000, selection: { side: "heads" } },
            { actor: { userId, role: "user" }, at: new Date().toISOString(), commandId: stakeId },
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = await meter.read();
    const appends = (await transactions()) - before;
    const ms = (cpuSeconds: number) => ((1000 * cpuSeconds) / STAKES).toFixed(3);
    console.log(
      `stakes ${STAKES} at ${CONCURRENCY} in flight: ${(STAKES / seconds).toFixed(0)} stakes/s; ` +
        `CPU per stake: ledger ${ms(used.bench)} ms, PostgreSQL ${ms(used.postgres)} ms; ` +
        `commits ${appends} (${(appends / STAKES).toFixed(2)} per stake)`,
    );
    await pool.end();
  });
}

await main();
