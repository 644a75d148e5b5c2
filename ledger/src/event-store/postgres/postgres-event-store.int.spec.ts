import { randomUUID } from "node:crypto";
import { createExternalTestDatabase, createTestDatabase } from "@igp/test-support/database.ts";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEventStoreContract, lastPosition, readAllFrom } from "../event-store.contract.ts";
import type { EventStore } from "../event-store.ts";
import { eventBody } from "../hash-chain.ts";
import { createPgPool } from "./create-pool.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

let embeddedUrl: string;
describeEventStoreContract(
  "PostgreSQL (embedded)",
  async () => {
    embeddedUrl = await createTestDatabase();
    return createPostgresEventStore({ connectionString: embeddedUrl, idlePollMs: 20 });
  },
  async () => createPostgresEventStore({ connectionString: embeddedUrl, idlePollMs: 20 }),
);

describe.skipIf(!process.env.DATABASE_URL)("with DATABASE_URL (skipped: no DATABASE_URL)", () => {
  let externalUrl: string;
  describeEventStoreContract(
    "PostgreSQL (DATABASE_URL)",
    async () => {
      const database = (await createExternalTestDatabase())!;
      externalUrl = database.url;
      const store = createPostgresEventStore({ connectionString: database.url, idlePollMs: 20 });
      const close = async () => {
        await store.close();
        await database.drop();
      };
      return { ...store, close };
    },
    async () => createPostgresEventStore({ connectionString: externalUrl, idlePollMs: 20 }),
  );
});

describe("PostgreSQL event store specifics", () => {
  let url: string;
  let store: EventStore;
  let pool: pg.Pool;
  beforeAll(async () => {
    url = await createTestDatabase();
    pool = createPgPool(url);
    store = createPostgresEventStore({ pool });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });
  const newEvent = () => ({ id: randomUUID(), type: "Happened", data: { n: 1 }, metadata: {} });

  it("refuses UPDATE, DELETE and TRUNCATE on the events table", async () => {
    await store.append(`test-${randomUUID()}`, [newEvent()], "no_stream");
    for (const statement of [
      "UPDATE ledger_events SET type = 'X'",
      "DELETE FROM ledger_events",
      "TRUNCATE ledger_events",
    ]) {
      await expect(pool.query(statement)).rejects.toMatchObject({ code: "LG403" });
    }
  });

  it("never lets a global reader skip an event whose transaction commits late", async () => {
    const before = await lastPosition(store);
    const late = await pool.connect();
    try {
      // The first transaction takes its position, then stays open while a second one commits.
      await late.query("BEGIN");
      const lateEvent = newEvent();
      await late.query("SELECT * FROM ledger_append($1, -1, $2)", [
        `test-${randomUUID()}`,
        [eventBody(lateEvent)],
      ]);
      const early = newEvent();
      await store.append(`test-${randomUUID()}`, [early], "no_stream");

      // `before` may lag behind earlier tests' events (readers wait for older transactions on the
      // whole server), so only this test's two events are compared.
      const mine = async () =>
        (await readAllFrom(store, before, 10))
          .map((e) => e.id)
          .filter((id) => id === lateEvent.id || id === early.id);
      expect(await mine()).not.toContain(early.id);

      await late.query("COMMIT");
      await expect.poll(mine, { timeout: 10_000 }).toEqual([lateEvent.id, early.id]);
    } finally {
      late.release();
    }
  });

  it("keeps each stream's revisions in order in the global order, whatever commits meanwhile", async () => {
    // A batch whose first write waits (another transaction holds that stream's next revision)
    // already has its transaction id; a later transaction then commits the second stream's next
    // revision. Had the batch read that stream's head only now, it would chain after a revision
    // of a younger transaction and come before it in the global order.
    const first = `test-${randomUUID()}`;
    const second = `test-${randomUUID()}`;
    await store.append(second, [newEvent()], "no_stream");
    const holder = await pool.connect();
    const batch = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT * FROM ledger_append($1, -1, $2)", [
        first,
        [eventBody(newEvent())],
      ]);
      const batched = batch
        .query("SELECT * FROM ledger_append_batch($1, $2, $3, $4, $5)", [
          [first, second],
          [-2, -2],
          [1, 1],
          [eventBody(newEvent()), eventBody(newEvent())],
          [false, false],
        ])
        .then(
          () => "stored",
          (error: { code?: string }) => error.code,
        );
      await expect
        .poll(async () => {
          const { rows } = await pool.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_append_batch%'`,
          );
          return rows[0].n;
        })
        .toBe(1);
      await store.append(second, [newEvent()], 0);
      await holder.query("ROLLBACK");
      // Either the batch found the revision taken (its appends are then retried one by one) or
      // it chained after the new head; never a revision before the one it follows.
      expect(["stored", "23505"]).toContain(await batched);
      const { rows } = await pool.query(
        `SELECT revision FROM ledger_events WHERE stream_id = $1
          ORDER BY transaction_id, global_position`,
        [second],
      );
      const revisions = rows.map((row: { revision: string }) => Number(row.revision));
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    } finally {
      holder.release();
      batch.release();
    }
  });

  it("reads many streams asked for at once in one query, each as if read alone", async () => {
    const streams = Array.from({ length: 30 }, () => `test-${randomUUID()}`);
    for (const [index, streamId] of streams.entries())
      await store.append(streamId, Array.from({ length: 1 + (index % 5) }, newEvent), "no_stream");
    const asks = streams.flatMap((streamId, index) => [
      { streamId, options: {} },
      { streamId, options: { fromRevision: index % 3, maxCount: 1 + (index % 2) } },
    ]);
    asks.push({ streamId: `test-${randomUUID()}`, options: {} }); // no such stream
    const alone = [];
    for (const { streamId, options } of asks) alone.push(await store.readStream(streamId, options));
    const counted = countingQueries(pool);
    const batching = createPostgresEventStore({ pool: counted.pool });
    const together = await Promise.all(
      asks.map(({ streamId, options }) => batching.readStream(streamId, options)),
    );
    expect(together).toEqual(alone);
    expect(counted.statements()).toBe(1);
  });

  it("runs the same global read asked by several subscribers at once only once", async () => {
    const head = (await store.append(`test-${randomUUID()}`, [newEvent(), newEvent()], "no_stream"))
      .position;
    const last = await store.append(`test-${randomUUID()}`, [newEvent()], "no_stream");
    // A global read shows an event once every transaction older than its own has ended, and
    // other tests' transactions run on the same server: the reads are compared once it shows.
    await expect.poll(() => lastPosition(store), { timeout: 10_000 }).toBe(last.position);
    const asks = [
      { after: head, maxCount: 10 },
      { after: head, maxCount: 10 },
      { after: head, maxCount: 10 },
      { after: head, maxCount: 1 },
      { after: undefined, maxCount: 2 },
    ];
    const alone = [];
    for (const ask of asks) alone.push(await store.readAll(ask));
    const counted = countingQueries(pool);
    const sharing = createPostgresEventStore({ pool: counted.pool });
    const together = await Promise.all(asks.map((ask) => sharing.readAll(ask)));
    expect(together).toEqual(alone);
    expect(together[0]).toHaveLength(1);
    // The three same reads are one query; the two other reads are their own.
    expect(counted.statements()).toBe(3);
    expect(together[0]).not.toBe(together[1]); // each reader gets its own events
  });
});

/** The pool, counting the queries made through it. */
function countingQueries(pool: pg.Pool) {
  let statements = 0;
  const counted = new Proxy(pool, {
    get: (target, name) =>
      name === "query"
        ? (...args: unknown[]) => {
            statements++;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          }
        : Reflect.get(target, name),
  });
  return { pool: counted, statements: () => statements };
}
