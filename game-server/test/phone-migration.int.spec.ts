import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createTestDatabase } from "@igp/test-support/database.ts";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";

const MIGRATION = new URL("../migrations/1763800001200_phone-e164.sql", import.meta.url);

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 1 });
});
afterAll(() => pool.end());

/** The migration's Up part, run again on phones stored as they were before it. */
async function runPhoneMigration() {
  const sql = await readFile(MIGRATION, "utf8");
  const up = sql.split("-- Down Migration")[0]!;
  await pool.query("DROP TABLE phone_normalisation_conflicts");
  await pool.query(up);
}

async function userWithPhone(phone: string) {
  const id = randomUUID();
  await pool.query(
    "INSERT INTO users (id, full_name, phone, role) VALUES ($1, 'Old Account', $2, 'user')",
    [id, phone],
  );
  return id;
}

it("rewrites Ethiopian phones to E.164, and reports duplicates and unknown forms without guessing", async () => {
  const local = await userWithPhone("0936164659");
  const international = await userWithPhone("+251936164659");
  const spaced = await userWithPhone("+251 91 100 0222");
  const bare = await userWithPhone("911000333");
  const odd = await userWithPhone("12-34");

  await runPhoneMigration();

  const phones = await pool.query("SELECT id, phone FROM users");
  const phoneOf = (id: string) => phones.rows.find((row) => row.id === id)?.phone;
  expect(phoneOf(spaced)).toBe("+251911000222");
  expect(phoneOf(bare)).toBe("+251911000333");
  // Both holders of one number keep what they had until an operator decides.
  expect(phoneOf(local)).toBe("0936164659");
  expect(phoneOf(international)).toBe("+251936164659");
  expect(phoneOf(odd)).toBe("12-34");

  const { rows } = await pool.query(
    "SELECT user_id, normalised, reason, other_user_id FROM phone_normalisation_conflicts ORDER BY reason, stored_phone",
  );
  expect(rows).toEqual(
    expect.arrayContaining([
      {
        user_id: local,
        normalised: "+251936164659",
        reason: "duplicate",
        other_user_id: international,
      },
      {
        user_id: international,
        normalised: "+251936164659",
        reason: "duplicate",
        other_user_id: local,
      },
      { user_id: odd, normalised: null, reason: "unrecognised", other_user_id: null },
    ]),
  );
  expect(rows).toHaveLength(3);
});
