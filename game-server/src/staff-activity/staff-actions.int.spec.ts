import { randomUUID } from "node:crypto";
import { createTestDatabase } from "@igp/test-support/database.ts";
import type { FastifyRequest } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStaffAction } from "./staff-actions.ts";

/** A change and its staff_actions row commit together or not at all. */
let pool: pg.Pool;
const staffId = randomUUID();
const playerId = randomUUID();
const request = {
  user: { id: staffId, role: "superAdmin" },
  ip: "196.188.1.1",
  id: "req-1",
} as unknown as FastifyRequest;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 3 });
  await pool.query(
    `INSERT INTO users (id, full_name, email, role) VALUES ($1, 'Root', 'root@x.example', 'superAdmin'),
       ($2, 'Abebe', 'abebe@x.example', 'user')`,
    [staffId, playerId],
  );
});
afterAll(() => pool.end());

const block = (db: pg.ClientBase) =>
  db.query("UPDATE users SET status = 'blocked' WHERE id = $1 RETURNING status", [playerId]);
const statusOf = async () =>
  (await pool.query("SELECT status FROM users WHERE id = $1", [playerId])).rows[0].status;
const rows = async () =>
  (await pool.query("SELECT * FROM staff_actions WHERE target_id = $1", [playerId])).rows;

describe("withStaffAction", () => {
  it("undoes the change when its row cannot be written", async () => {
    const failing = withStaffAction(pool, request, block, () => ({
      action: "account.block",
      targetKind: "account",
      // A row that breaks a constraint: the change must not stay without its row.
      targetId: null as unknown as string,
    }));
    await expect(failing).rejects.toThrow();
    expect(await statusOf()).toBe("active");
    expect(await rows()).toEqual([]);
  });

  it("undoes the row when the change fails", async () => {
    const failing = withStaffAction(
      pool,
      request,
      async (db) => {
        await block(db);
        throw new Error("the change failed half-way");
      },
      () => ({ action: "account.block", targetKind: "account", targetId: playerId }),
    );
    await expect(failing).rejects.toThrow("half-way");
    expect(await statusOf()).toBe("active");
    expect(await rows()).toEqual([]);
  });

  it("commits the change with its row: who, what, where from", async () => {
    await withStaffAction(pool, request, block, () => ({
      action: "account.block",
      targetKind: "account",
      targetId: playerId,
    }));
    expect(await statusOf()).toBe("blocked");
    expect(await rows()).toEqual([
      expect.objectContaining({
        staff_id: staffId,
        staff_role: "superAdmin",
        action: "account.block",
        ip: "196.188.1.1",
        request_id: "req-1",
      }),
    ]);
  });
});
