import { parseStreamId } from "@igp/ledger";
import type { ProjectionDb } from "../projection-db.ts";
import type { ProjectedEvent, Projector } from "../projector.ts";

/** The staff roles whose events the log keeps (players' and the system's are not staff actions). */
const STAFF_ROLES = new Set(["admin", "superAdmin"]);

/** A decided request's action, its amount and player read from the requests read model. */
const REQUEST_ACTIONS: Record<string, { action: string; table: string; player: string }> = {
  BankDepositApproved: {
    action: "deposit.approve",
    table: "deposit_requests",
    player: "r.user_id",
  },
  AgentDepositApproved: {
    action: "deposit.approve",
    table: "deposit_requests",
    player: "r.user_id",
  },
  DepositDisapproved: { action: "deposit.refuse", table: "deposit_requests", player: "r.user_id" },
  WithdrawalApproved: {
    action: "withdrawal.approve",
    table: "withdrawal_requests",
    player: "r.user_id",
  },
  WithdrawalDisapproved: {
    action: "withdrawal.refuse",
    table: "withdrawal_requests",
    player: "r.user_id",
  },
  // A charge is an agent's own float top-up: no player.
  ChargeRequested: { action: "charge.request", table: "charge_requests", player: "NULL" },
  ChargeApproved: { action: "charge.approve", table: "charge_requests", player: "NULL" },
  ChargeDisapproved: { action: "charge.refuse", table: "charge_requests", player: "NULL" },
};

/**
 * A lottery's life as the superAdmin's own commands store it. Finishing and deleting run in the
 * lottery's room as the system; the superAdmin's request for them is a staff_actions row.
 */
const LOTTERY_ACTIONS: Record<string, string> = {
  RoundOpened: "lottery.create",
  StakesDeadlineMoved: "lottery.move_end",
};

/**
 * The ledger's part of the staff activity log: every event a staff member's command stored,
 * with who (the metadata's actor), when, from which address (metadata `ip`), what, the amount
 * and the request or player it touched. Runs after the requests projector, whose rows give a
 * decision its amount and player.
 */
export const staffActivityProjector: Projector = {
  name: "staff-activity",
  tables: ["staff_activity"],
  async apply(db, projected) {
    const { actor } = projected.metadata;
    if (!STAFF_ROLES.has(actor.role)) return;
    const { event } = projected;
    const target = parseStreamId(projected.streamId);
    const request = REQUEST_ACTIONS[event.type];
    if (request) {
      await insertFromRequest(db, projected, request, target.kind, target.id);
      return;
    }
    if (event.type === "BonusGranted") {
      await insert(db, projected, {
        action: "bonus.grant",
        amount: event.data.amount,
        targetKind: "player",
        targetId: target.id,
        playerId: target.id,
      });
      return;
    }
    const lottery = LOTTERY_ACTIONS[event.type];
    if (lottery && target.kind === "round") {
      await insert(db, projected, {
        action: lottery,
        amount: null,
        targetKind: "lottery",
        targetId: target.id,
        playerId: null,
      });
    }
  },
};

interface ActivityRow {
  action: string;
  amount: number | null;
  targetKind: string;
  targetId: string;
  playerId: string | null;
}

async function insert(db: ProjectionDb, projected: ProjectedEvent, row: ActivityRow) {
  const { metadata } = projected;
  await db.query(
    `INSERT INTO staff_activity (id, occurred_at, staff_id, staff_role, action, amount,
       target_kind, target_id, player_id, ip, request_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      projected.id,
      metadata.occurredAt,
      metadata.actor.userId,
      metadata.actor.role,
      row.action,
      row.amount,
      row.targetKind,
      row.targetId,
      row.playerId,
      metadata.ip ?? null,
      metadata.requestId ?? null,
      metadata.note ?? null,
    ],
  );
}

async function insertFromRequest(
  db: ProjectionDb,
  projected: ProjectedEvent,
  request: { action: string; table: string; player: string },
  kind: string,
  id: string,
) {
  const { metadata } = projected;
  // Table and column names come from REQUEST_ACTIONS above, never from an event.
  await db.query(
    `INSERT INTO staff_activity (id, occurred_at, staff_id, staff_role, action, amount,
       target_kind, target_id, player_id, ip, request_id, note)
     SELECT $1, $2, $3, $4, $5, r.amount, $6, $7, ${request.player}, $8, $9, $10
       FROM ${request.table} r WHERE r.id = $7`,
    [
      projected.id,
      metadata.occurredAt,
      metadata.actor.userId,
      metadata.actor.role,
      request.action,
      kind,
      id,
      metadata.ip ?? null,
      metadata.requestId ?? null,
      metadata.note ?? null,
    ],
  );
}
