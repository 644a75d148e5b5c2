import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  type EventStore,
  Ledger,
} from "@igp/ledger";
import type pg from "pg";
import { withBenchPostgres } from "./bench-postgres.ts";
import { cpuMeter, postmasterPidIn } from "./process-stats.ts";

/**
 * `npm run bench:stakes`: stakes through `ledger.rounds.placeStake` against embedded PostgreSQL.
 * Asserts nothing; prints the figures of docs/ledger.md.
 *
 * MODE=coin-flip (default): two players per round, STAKES of them with CONCURRENCY in flight;
 * stakes/s, the CPU each cost this process (the ledger) and PostgreSQL, and the commits (group
 * commit shares them) they took.
 *
 * MODE=lottery: both ways of storing a lottery's tickets and refunds in one run, each measured
 * RUNS times in turn (medians printed): "two steps" (each wallet's debit, then the round's
 * credits of a crowd in one append; a deletion's refunds in chunks, then each wallet's credit
 * in turn: the path of a store without atomic multi-stream appends, and of every store before)
 * and "one append" (a crowd's debits and tickets in one multi-stream append; each batch of
 * refunds with its wallets' credits). TICKETS tickets from BUYERS wallets, CONCURRENCY in
 * flight: tickets/s, appends (transactions) per ticket, CPU per ticket; then a lottery of each
 * size in REFUNDS deleted: seconds, appends.
 */
const MODE = process.env.MODE ?? "coin-flip";
const STAKES = Number(process.env.STAKES ?? 2_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? (MODE === "lottery" ? 200 : 32));
const TICKETS = Number(process.env.TICKETS ?? 6_000);
const BUYERS = Number(process.env.BUYERS ?? 200);
const RUNS = Number(process.env.RUNS ?? 3);
const REFUNDS = (process.env.REFUNDS ?? "10000,30000").split(",").map(Number).filter(Boolean);
const PATHS = (process.env.PATHS ?? "two steps,one append").split(",") as Path[];
/** Refunds per append of the one-append path (the ledger's default when unset). */
const REFUNDS_PER_APPEND = Number(process.env.REFUNDS_PER_APPEND ?? 0) || undefined;

const staff = () => ({
  actor: { userId: "bench", role: "superAdmin" as const },
  at: new Date().toISOString(),
});

async function main() {
  await withBenchPostgres("stakes", async ({ url, dataDir }) => {
    const pool = createPgPool(url, 40);
    const store = createPostgresEventStore({ pool });
    const postmasterPid = await postmasterPidIn(dataDir);
    try {
      if (MODE === "lottery") await lottery(pool, store, postmasterPid);
      else await coinFlip(pool, new Ledger(new CommandHandler(store)), postmasterPid);
    } finally {
      await pool.end();
    }
  });
}

async function coinFlip(pool: pg.Pool, ledger: Ledger, postmasterPid: number) {
  const stakes = Array.from({ length: STAKES }, (_, i) => ({
    userId: randomUUID(),
    roundId: i % 2 === 0 ? randomUUID() : "",
    stakeId: randomUUID(),
  }));
  for (const [i, stake] of stakes.entries()) {
    if (i % 2 === 1) stake.roundId = stakes[i - 1]!.roundId;
    await ledger.bonuses.grant(stake.userId, randomUUID(), 1_000, staff());
    if (i % 2 === 0)
      await ledger.rounds.open(
        { roundId: stake.roundId, game: "coin-flip", betAmount: 1_000, cutBasisPoints: 1_000 },
        staff(),
      );
  }
  const before = await transactions(pool);
  const meter = await cpuMeter([], { postmasterPid });
  const started = performance.now();
  await inFlight(stakes, CONCURRENCY, ({ userId, roundId, stakeId }) =>
    ledger.rounds.placeStake(
      { userId, roundId, stakeId, amount: 1_000, selection: { side: "heads" } },
      { actor: { userId, role: "user" }, at: new Date().toISOString(), commandId: stakeId },
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = await meter.read();
  const appends = (await transactions(pool)) - before;
  const ms = (cpuSeconds: number) => ((1000 * cpuSeconds) / STAKES).toFixed(3);
  console.log(
    `stakes ${STAKES} at ${CONCURRENCY} in flight: ${(STAKES / seconds).toFixed(0)} stakes/s; ` +
      `CPU per stake: ledger ${ms(used.bench)} ms, PostgreSQL ${ms(used.postgres)} ms; ` +
      `commits ${appends} (${(appends / STAKES).toFixed(2)} per stake)`,
  );
}

type Path = "two steps" | "one append";

interface Figures {
  perSecond: number;
  /** The store's appends (single or multi-stream) per ticket. */
  appendsPerTicket: number;
  /** Transactions per ticket: the group commit shares one among appends to distinct streams. */
  commitsPerTicket: number;
  ledgerMs: number;
  postgresMs: number;
}

async function lottery(pool: pg.Pool, store: EventStore, postmasterPid: number) {
  const counted = countingAppends(store);
  const ledgers: Record<Path, Ledger> = {
    "two steps": new Ledger(new CommandHandler({ ...counted.store, atomicMultiStream: false })),
    "one append": new Ledger(new CommandHandler(counted.store), {
      refundsPerAppend: REFUNDS_PER_APPEND,
    }),
  };
  const paths = PATHS;
  console.log(
    `Lottery tickets: ${TICKETS} from ${BUYERS} buyers, ${CONCURRENCY} in flight; ` +
      `refunds of ${REFUNDS.join(" and ")} tickets; ${RUNS} runs of each path in turn`,
  );
  const sales = new Map<Path, Figures[]>(paths.map((p) => [p, []]));
  const refunds = new Map<string, { seconds: number; appends: number; ms: number }[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const path of paths) {
      const figures = await sell(pool, ledgers[path], TICKETS, postmasterPid, counted);
      sales.get(path)!.push(figures);
      console.log(`  run ${run} ${path}: ${describe(figures)}`);
    }
    for (const size of REFUNDS) {
      for (const path of paths) {
        const figures = await refund(
          pool,
          ledgers["one append"],
          ledgers[path],
          size,
          postmasterPid,
        );
        const key = `${size} ${path}`;
        refunds.set(key, [...(refunds.get(key) ?? []), figures]);
        console.log(
          `  run ${run} refund ${size} ${path}: ${figures.seconds.toFixed(2)} s, ` +
            `${figures.appends} appends, CPU ${figures.ms.toFixed(3)} ms per ticket`,
        );
      }
    }
  }
  console.log(`\nMedians of ${RUNS} runs (two steps → one append)`);
  const both = (pick: (f: Figures) => number, digits: number) =>
    paths.map((p) => median(sales.get(p)!.map(pick)).toFixed(digits)).join(" → ");
  console.log(`  tickets/s                      ${both((f) => f.perSecond, 0)}`);
  console.log(`  appends per ticket             ${both((f) => f.appendsPerTicket, 3)}`);
  console.log(`  commits per ticket             ${both((f) => f.commitsPerTicket, 3)}`);
  console.log(`  ledger CPU per ticket (ms)     ${both((f) => f.ledgerMs, 3)}`);
  console.log(`  PostgreSQL CPU per ticket (ms) ${both((f) => f.postgresMs, 3)}`);
  for (const size of REFUNDS) {
    const of = (pick: (f: { seconds: number; appends: number; ms: number }) => number, d: number) =>
      paths.map((p) => median(refunds.get(`${size} ${p}`)!.map(pick)).toFixed(d)).join(" → ");
    console.log(
      `  refund ${size} tickets: ${of((f) => f.seconds, 2)} s, appends ${of((f) => f.appends, 0)}, ` +
        `CPU per ticket ${of((f) => f.ms, 3)} ms (ledger + PostgreSQL)`,
    );
  }
}

const describe = (f: Figures) =>
  `${f.perSecond.toFixed(0)} tickets/s, ${f.appendsPerTicket.toFixed(3)} appends and ` +
  `${f.commitsPerTicket.toFixed(3)} commits per ticket, ` +
  `CPU per ticket: ledger ${f.ledgerMs.toFixed(3)} ms, PostgreSQL ${f.postgresMs.toFixed(3)} ms`;

/** A lottery open for sale, and `buyers` wallets with enough bonus for `tickets` tickets. */
async function lotteryWithBuyers(ledger: Ledger, buyers: number, tickets: number) {
  const roundId = randomUUID();
  await ledger.rounds.open(
    { roundId, game: "lottery", betAmount: 100, cutBasisPoints: 10_000 },
    staff(),
  );
  const userIds = Array.from({ length: buyers }, () => randomUUID());
  const each = Math.ceil(tickets / buyers) * 100;
  await inFlight(userIds, 16, (userId) =>
    ledger.bonuses.grant(userId, randomUUID(), each, staff()),
  );
  return { roundId, userIds };
}

/** `tickets` tickets of one lottery, one in flight per buyer up to `CONCURRENCY`. */
async function buy(ledger: Ledger, roundId: string, userIds: string[], tickets: number) {
  const orders = Array.from({ length: tickets }, (_, i) => userIds[i % userIds.length]!);
  await inFlight(orders, Math.min(CONCURRENCY, userIds.length), (userId) => {
    const stakeId = randomUUID();
    return ledger.rounds.placeStake(
      { userId, roundId, stakeId, amount: 100, selection: { clientSeed: stakeId } },
      { actor: { userId, role: "user" }, at: new Date().toISOString(), commandId: stakeId },
    );
  });
}

async function sell(
  pool: pg.Pool,
  ledger: Ledger,
  tickets: number,
  postmasterPid: number,
  counted: ReturnType<typeof countingAppends>,
) {
  const { roundId, userIds } = await lotteryWithBuyers(ledger, BUYERS, tickets);
  const before = await transactions(pool);
  const appendsBefore = counted.appends();
  const meter = await cpuMeter([], { postmasterPid });
  const started = performance.now();
  await buy(ledger, roundId, userIds, tickets);
  const seconds = (performance.now() - started) / 1000;
  const used = await meter.read();
  const commits = (await transactions(pool)) - before;
  return {
    perSecond: tickets / seconds,
    appendsPerTicket: (counted.appends() - appendsBefore) / tickets,
    commitsPerTicket: commits / tickets,
    ledgerMs: (1000 * used.bench) / tickets,
    postgresMs: (1000 * used.postgres) / tickets,
  };
}

/** A lottery of `size` tickets (sold the fast way) deleted by `ledger`: how long, how many appends. */
async function refund(
  pool: pg.Pool,
  seller: Ledger,
  ledger: Ledger,
  size: number,
  postmasterPid: number,
) {
  const { roundId, userIds } = await lotteryWithBuyers(seller, BUYERS, size);
  await buy(seller, roundId, userIds, size);
  const before = await transactions(pool);
  const meter = await cpuMeter([], { postmasterPid });
  const started = performance.now();
  await ledger.rounds.cancel(roundId, "lotteryDeleted", {
    ...staff(),
    commandId: `cancel:${roundId}`,
  });
  const seconds = (performance.now() - started) / 1000;
  const used = await meter.read();
  return {
    seconds,
    appends: (await transactions(pool)) - before,
    ms: (1000 * (used.bench + used.postgres)) / size,
  };
}

/** The store, counting its appends (one call of either kind is one append). */
function countingAppends(store: EventStore) {
  let calls = 0;
  return {
    store: {
      ...store,
      append: (...args) => {
        calls++;
        return store.append(...args);
      },
      appendMany: (appends) => {
        calls++;
        return store.appendMany(appends);
      },
    } satisfies EventStore,
    appends: () => calls,
  };
}

/** Runs `task` over `items` with `limit` in flight. */
async function inFlight<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** Transactions (appends, whatever their streams) in the store so far. */
async function transactions(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    "SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_events",
  );
  return Number(rows[0].n);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

await main();
