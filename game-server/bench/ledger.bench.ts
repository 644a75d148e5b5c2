import { randomUUID } from "node:crypto";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  decideWallet,
  Ledger,
  type WalletState,
  walletStream,
} from "@igp/ledger";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed, measure } from "./measure.ts";

/**
 * `npm run bench:ledger`: single-event wallet debits through the ledger's command handler
 * (decide, validate, hash-chained append with an exact expected revision) against embedded
 * PostgreSQL, beside plain single-row INSERT transactions through `pg` on the same database
 * and at the same concurrency, storing the same event JSON in a one-index table. Each writer
 * debits its own wallet. Prints figures; asserts nothing.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = [1, 8, 32];

async function main() {
  await withBenchPostgres("ledger", async ({ url }) => {
    const pool = createPgPool(url, 40);
    await pool.query(
      "CREATE TABLE baseline_inserts (id bigserial PRIMARY KEY, body jsonb NOT NULL)",
    );
    const store = createPostgresEventStore({ pool });
    const handler = new CommandHandler(store);
    const ledger = new Ledger(handler);
    const system = {
      actor: { userId: "bench", role: "superAdmin" as const },
      at: new Date().toISOString(),
    };

    console.log(`Ledger benchmark: ${SECONDS} s per run, embedded PostgreSQL, fsync on\n`);
    console.log("writers | debits/s   p50 ms   p99 ms | inserts/s  p50 ms   p99 ms | ratio");
    for (const writers of CONCURRENCY) {
      const wallets = Array.from({ length: writers }, () => randomUUID());
      for (const userId of wallets)
        await ledger.bonuses.grant(userId, randomUUID(), 1_000_000_000_000, system);
      const metadata = {
        actor: { userId: "bench", role: "user" as const },
        correlationId: randomUUID(),
        occurredAt: system.at,
      };
      const debit = (writer: number) =>
        handler
          .execute(
            walletStream(wallets[writer]!),
            (s: WalletState) =>
              decideWallet(s, {
                type: "PlaceStake",
                stakeId: randomUUID(),
                roundId: "bench",
                amount: 100,
                at: metadata.occurredAt,
              }),
            metadata,
            () => randomUUID(),
          )
          .then(() => undefined);
      const insert = (writer: number) => {
        const [event] = decideWallet(
          { main: 0, bonus: 1_000 },
          {
            type: "PlaceStake",
            stakeId: randomUUID(),
            roundId: "bench",
            amount: 100,
            at: metadata.occurredAt,
          },
        );
        const body = { id: randomUUID(), type: event!.type, data: event!.data, metadata, writer };
        return pool
          .query("INSERT INTO baseline_inserts (body) VALUES ($1)", [body])
          .then(() => undefined);
      };
      await measure(writers, 0.5, debit); // warm-up: connections, caches, plans
      const debits = await measure(writers, SECONDS, debit);
      await measure(writers, 0.5, insert);
      const inserts = await measure(writers, SECONDS, insert);
      console.log(
        `${String(writers).padStart(7)} |${fixed(debits.perSecond, 0)}${fixed(debits.p50Ms, 2)}${fixed(debits.p99Ms, 2)} |${fixed(inserts.perSecond, 0)}${fixed(inserts.p50Ms, 2)}${fixed(inserts.p99Ms, 2)} |${fixed(debits.perSecond / inserts.perSecond, 2)}`,
      );
    }
    await pool.end();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
