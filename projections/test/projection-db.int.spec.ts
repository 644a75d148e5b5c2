import { createTestDatabase } from "@igp/test-support/database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Accumulator, ProjectionDb } from "../src/projection-db.ts";

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: await createTestDatabase() });
  await client.connect();
  await client.query("CREATE TABLE counters (id text PRIMARY KEY, n bigint NOT NULL)");
});
afterAll(() => client.end());

const statements: string[] = [];
const counts: Accumulator<number> = {
  name: "counters",
  merge: (a, b) => a + b,
  write: (db, changes) => {
    statements.push("upsert");
    return db.query(
      `INSERT INTO counters (id, n) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (id) DO UPDATE SET n = counters.n + EXCLUDED.n`,
      [[...changes.keys()], [...changes.values()]],
    );
  },
};

const read = async (db: ProjectionDb) =>
  Object.fromEntries(
    (await db.query<{ id: string; n: string }>("SELECT id, n FROM counters ORDER BY id")).rows.map(
      (row) => [row.id, Number(row.n)],
    ),
  );

describe("ProjectionDb", () => {
  it("writes a key's summed changes in one statement, before any later query reads them", async () => {
    const db = new ProjectionDb(client);
    db.accumulate(counts, "a", 2);
    db.accumulate(counts, "b", 5);
    db.accumulate(counts, "a", 3);
    expect(statements).toEqual([]);
    expect(await read(db)).toEqual({ a: 5, b: 5 });
    expect(statements).toEqual(["upsert"]);

    db.accumulate(counts, "b", -1);
    await db.flush();
    await db.flush();
    expect(statements).toEqual(["upsert", "upsert"]);
    expect(await read(db)).toEqual({ a: 5, b: 4 });
  });
});
