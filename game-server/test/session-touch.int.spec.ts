import { randomBytes, randomUUID } from "node:crypto";
import { createTestDatabase } from "@igp/test-support/database.ts";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Sessions } from "../src/accounts/sessions.ts";
import { createTokens } from "../src/accounts/tokens.ts";

/** The pool, with the session writes it served counted. */
let pool: pg.Pool;
let touches = 0;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 4 });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (/^\s*UPDATE user_sessions (s )?SET last_seen_at/.test(String(args[0]))) touches++;
    return query(...args);
  }) as typeof pool.query;
});
afterAll(() => pool.end());

async function player() {
  const id = randomUUID();
  await pool.query(
    "INSERT INTO users (id, full_name, phone, role) VALUES ($1, 'Seen', $2, 'user')",
    [id, `+2519${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(13, "0")],
  );
  return { id, role: "user" as const, token_version: 0 };
}

it("writes the sessions seen together after a minute away in one statement, each with its address", async () => {
  const sessions = new Sessions(pool, createTokens(randomBytes(32).toString("hex")));
  const users = await Promise.all([player(), player(), player()]);
  const started = await Promise.all(
    users.map((user) => sessions.start(user, { userAgent: "test", address: "10.0.0.1" })),
  );
  await pool.query(
    "UPDATE user_sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = ANY($1)",
    [started.map((s) => s.sessionId)],
  );
  touches = 0;

  const checks = await Promise.all(
    users.map((user, i) =>
      sessions.check(
        { userId: user.id, role: "user", version: 0, sessionId: started[i]!.sessionId },
        `10.0.1.${i}`,
      ),
    ),
  );

  expect(checks.every((check) => check.ok)).toBe(true);
  expect(touches).toBe(1);
  const { rows } = await pool.query(
    `SELECT id, address, now() - last_seen_at < interval '10 seconds' AS fresh
       FROM user_sessions WHERE id = ANY($1)`,
    [started.map((s) => s.sessionId)],
  );
  for (const [i, { sessionId }] of started.entries())
    expect(rows.find((row) => row.id === sessionId)).toMatchObject({
      address: `10.0.1.${i}`,
      fresh: true,
    });
});
