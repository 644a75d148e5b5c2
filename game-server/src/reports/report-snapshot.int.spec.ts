import { createTestDatabase } from "@igp/test-support/database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField, csvLine, minorText } from "./csv.ts";
import { streamRows } from "./report-snapshot.ts";

/** Exports read through a cursor, a few rows at a time, inside one snapshot. */
let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 3 });
  await pool.query(
    `INSERT INTO report_agent_movements (agent_id, revision, occurred_at, kind, amount)
     SELECT 'a', g, now(), 'charge', 100 FROM generate_series(1, 10) g`,
  );
});
afterAll(() => pool.end());

const query = { text: "SELECT revision FROM report_agent_movements ORDER BY revision", values: [] };

describe("streamRows", () => {
  it("yields the rows in batches, and none written after its snapshot began", async () => {
    const batches: number[][] = [];
    for await (const rows of streamRows<{ revision: string }>(pool, query, 3)) {
      batches.push(rows.map((row) => Number(row.revision)));
      // Money moves while the export runs: the export does not see it.
      if (batches.length === 1)
        await pool.query(
          `INSERT INTO report_agent_movements (agent_id, revision, occurred_at, kind, amount)
           VALUES ('a', 11, now(), 'charge', 100)`,
        );
    }
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
    const after = await pool.query("SELECT count(*)::int AS n FROM report_agent_movements");
    expect(after.rows[0].n).toBe(11);
  });

  it("ends its snapshot and gives its connection back when the reader stops early", async () => {
    for (let i = 0; i < 5; i++) {
      for await (const rows of streamRows(pool, query, 2)) {
        expect(rows).toHaveLength(2);
        break;
      }
    }
    // Every connection of the pool is free again (a leak would leave this waiting).
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    for (const client of clients) client.release();
    expect(pool.totalCount).toBeLessThanOrEqual(3);
    const open = await pool.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    );
    expect(open.rows[0].n).toBe(0);
  });
});

describe("CSV", () => {
  it("quotes separators and defuses formulas; amounts are exact decimals", () => {
    expect(csvField('Abebe, "Abi"')).toBe('"Abebe, ""Abi"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-12.05")).toBe("-12.05");
    expect(csvField(null)).toBe("");
    expect(minorText(-1205)).toBe("-12.05");
    expect(minorText(7)).toBe("0.07");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
