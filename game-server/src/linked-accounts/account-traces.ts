import { createHash, randomUUID } from "node:crypto";
import type { LinkKind } from "@igp/shared";
import type pg from "pg";

/** What a sign-up burst is: this many sign-ups from one address within this many minutes. */
export interface SignUpBurstRule {
  count: number;
  windowMinutes: number;
}

/** One lock for every change of the groups: two links made at once see each other. */
const GROUPS_LOCK = "SELECT pg_advisory_xact_lock(hashtext('linked_account_groups'))";

/**
 * Records what players are seen with (a device, a payout account, a sign-up's address) and
 * links the players who share one, as it happens: each record touches its own trace and, only
 * when the trace is new and shared, the groups of the players sharing it. Nothing scans the
 * tables per request (docs/linked-accounts.md).
 */
export class AccountTraces {
  constructor(
    private readonly db: pg.Pool,
    private readonly burst: SignUpBurstRule,
  ) {}

  /** A player signed in (or signed up) from the browser holding `deviceId`. */
  async seenOnDevice(userId: string, deviceId: string): Promise<void> {
    await this.trace("device", deviceKey(deviceId), userId);
  }

  /** A player asked for a withdrawal to `method`'s account `accountNumber`. */
  async withdrewTo(userId: string, method: string, accountNumber: string): Promise<void> {
    const key = payoutAccountKey(method, accountNumber);
    if (key) await this.trace("payoutAccount", key, userId);
  }

  /**
   * A player signed up from `address`: counted with the other sign-ups from there in the burst
   * window; once they reach the rule's count, all of them are linked as one burst (a burst that
   * goes on keeps its key, so a long one is one link, not many).
   */
  async signedUpFrom(userId: string, address: string): Promise<void> {
    const windowSeconds = this.burst.windowMinutes * 60;
    await this.inTransaction(async (db) => {
      // Sign-ups older than the window can never join a burst again: not kept.
      await db.query(
        `DELETE FROM linked_account_sign_ups
          WHERE signed_up_at < now() - make_interval(secs => $1)`,
        [windowSeconds],
      );
      await db.query(
        `INSERT INTO linked_account_sign_ups (user_id, address) VALUES ($1, $2)
         ON CONFLICT (user_id) DO NOTHING`,
        [userId, address],
      );
      const { rows } = await db.query<{ user_id: string; signed_up_at: Date }>(
        `SELECT user_id, signed_up_at FROM linked_account_sign_ups
          WHERE address = $1 AND signed_up_at >= now() - make_interval(secs => $2)
          ORDER BY signed_up_at, user_id`,
        [address, windowSeconds],
      );
      if (rows.length < this.burst.count) return;
      const ids = rows.map((row) => row.user_id);
      const { rows: earlier } = await db.query<{ key: string }>(
        `SELECT key FROM linked_account_traces
          WHERE kind = 'signUpBurst' AND user_id = ANY($1) AND starts_with(key, $2 || ' ')
          ORDER BY first_seen_at LIMIT 1`,
        [ids, address],
      );
      const key = earlier[0]?.key ?? `${address} ${rows[0]!.signed_up_at.toISOString()}`;
      await db.query(
        `INSERT INTO linked_account_traces (kind, key, user_id, first_seen_at)
         SELECT 'signUpBurst', $1, u.user_id, u.signed_up_at
           FROM linked_account_sign_ups u WHERE u.user_id = ANY($2)
         ON CONFLICT DO NOTHING`,
        [key, ids],
      );
      await mergeGroups(db, ids);
    });
  }

  /** Records that `userId` holds (kind, key); links it to the others who do, if it is new. */
  private async trace(kind: LinkKind, key: string, userId: string) {
    // Seen before: the links were made then. The usual case, without the groups' lock.
    const seen = await this.db.query(
      `UPDATE linked_account_traces SET last_seen_at = now()
        WHERE kind = $1 AND key = $2 AND user_id = $3`,
      [kind, key, userId],
    );
    if (seen.rowCount) return;
    await this.inTransaction(async (db) => {
      await db.query(
        `INSERT INTO linked_account_traces (kind, key, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (kind, key, user_id) DO UPDATE SET last_seen_at = now()`,
        [kind, key, userId],
      );
      const { rows } = await db.query<{ user_id: string }>(
        "SELECT user_id FROM linked_account_traces WHERE kind = $1 AND key = $2",
        [kind, key],
      );
      if (rows.length > 1)
        await mergeGroups(
          db,
          rows.map((row) => row.user_id),
        );
    });
  }

  /** Runs `work` in a transaction holding the groups' lock. */
  private async inTransaction(work: (db: pg.ClientBase) => Promise<void>) {
    const client = await this.db.connect();
    try {
      await client.query("BEGIN");
      await client.query(GROUPS_LOCK);
      await work(client);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * Puts `userIds` in one group: the oldest of the groups they are in already (the others merge
 * into it), or a new one. Runs under the groups' lock.
 */
async function mergeGroups(db: pg.ClientBase, userIds: string[]) {
  const { rows: groups } = await db.query<{ id: string }>(
    `SELECT g.id FROM linked_account_groups g
      WHERE g.id IN (SELECT group_id FROM linked_account_members WHERE user_id = ANY($1))
      ORDER BY g.created_at, g.id`,
    [userIds],
  );
  const target = groups[0]?.id ?? randomUUID();
  const others = groups.slice(1).map((group) => group.id);
  if (!groups[0]) await db.query("INSERT INTO linked_account_groups (id) VALUES ($1)", [target]);
  if (others.length > 0) {
    await db.query("UPDATE linked_account_members SET group_id = $1 WHERE group_id = ANY($2)", [
      target,
      others,
    ]);
    await db.query("DELETE FROM linked_account_groups WHERE id = ANY($1)", [others]);
  }
  await db.query(
    `INSERT INTO linked_account_members (user_id, group_id)
     SELECT unnest($1::uuid[]), $2 ON CONFLICT (user_id) DO NOTHING`,
    [userIds, target],
  );
  await db.query("UPDATE linked_account_groups SET updated_at = now() WHERE id = $1", [target]);
}

/**
 * The device id is a bearer secret of the browser (whoever holds it looks like that device):
 * only its SHA-256 is stored, enough to see two accounts share it.
 */
export const deviceKey = (deviceId: string) => createHash("sha256").update(deviceId).digest("hex");

/**
 * One payout account however it was typed: the method, then the number without spaces, dashes,
 * dots or slashes, in capitals ("cbe 1000-1234 5678" and "CBE 100012345678" are the same).
 * None for an empty number (cash at an agent's shop has no account).
 */
export function payoutAccountKey(method: string, accountNumber: string): string | null {
  const number = accountNumber.replace(/[\s\-./]/g, "").toUpperCase();
  return number ? `${method.trim().toUpperCase()} ${number}` : null;
}
