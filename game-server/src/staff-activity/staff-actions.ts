import { randomUUID } from "node:crypto";
import type { StaffAction } from "@igp/shared";
import type { FastifyRequest } from "fastify";
import type pg from "pg";

/** What one staff action changed, as the activity log shows it. */
export interface StaffActionEntry {
  action: StaffAction;
  targetKind: string;
  targetId: string;
  playerId?: string | null;
  /** Minor units. */
  amount?: number | null;
  /** A short note of what changed; never a secret. */
  detail?: string | null;
}

/**
 * Runs `change` and records it in staff_actions in ONE transaction, for the staff actions that
 * change tables only (money and request decisions are ledger events, projected into the log):
 * the change and its row commit together or not at all. `entryOf` names the action from the
 * change's result; null records nothing (nothing changed: a 404). The staff member, the time,
 * the request's address and id come from the request.
 */
export async function withStaffAction<T>(
  pool: pg.Pool,
  request: FastifyRequest,
  change: (db: pg.ClientBase) => Promise<T>,
  entryOf: (result: T) => StaffActionEntry | null,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await change(client);
    const entry = entryOf(result);
    if (entry) await insertStaffAction(client, request, entry);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

async function insertStaffAction(
  db: pg.ClientBase,
  request: FastifyRequest,
  entry: StaffActionEntry,
) {
  const staff = request.user!;
  await db.query(
    `INSERT INTO staff_actions (id, staff_id, staff_role, action, amount, target_kind, target_id,
       player_id, ip, request_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      randomUUID(),
      staff.id,
      staff.role,
      entry.action,
      entry.amount ?? null,
      entry.targetKind,
      entry.targetId,
      entry.playerId ?? null,
      request.ip.slice(0, 64),
      String(request.id).slice(0, 100),
      entry.detail?.slice(0, 200) ?? null,
    ],
  );
}
