import { parseStreamId } from "@igp/ledger";
import { type Accumulator, columns, type ProjectionDb } from "../projection-db.ts";
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
      insertFromRequest(db, projected, request, target.kind, target.id);
      return;
    }
    if (event.type === "BonusGranted") {
      insert(db, projected, {
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
      insert(db, projected, {
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

interface ActivityEntry {
  occurredAt: string;
  staffId: string;
  staffRole: string;
  ip: string | null;
  requestId: string | null;
  /** The staff member's note on an approval made despite a fraud signal. */
  note: string | null;
}

function entryOf({ metadata }: ProjectedEvent): ActivityEntry {
  return {
    occurredAt: metadata.occurredAt,
    staffId: metadata.actor.userId,
    staffRole: metadata.actor.role,
    ip: metadata.ip ?? null,
    requestId: metadata.requestId ?? null,
    note: metadata.note ?? null,
  };
}

const ENTRY_FIELDS: (keyof ActivityEntry)[] = [
  "occurredAt",
  "staffId",
  "staffRole",
  "ip",
  "requestId",
  "note",
];

/** The batch's entries whose details the event holds, by event id, in one statement. */
const entries: Accumulator<ActivityEntry & ActivityRow> = {
  name: "staff_activity",
  merge: (_, later) => later,
  write: (db, rows) =>
    db.query(
      `INSERT INTO staff_activity (id, occurred_at, staff_id, staff_role, ip, request_id, note,
         action, amount, target_kind, target_id, player_id)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[],
         $6::text[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::text[], $12::text[])`,
      columns(rows, [...ENTRY_FIELDS, "action", "amount", "targetKind", "targetId", "playerId"]),
    ),
};

function insert(db: ProjectionDb, projected: ProjectedEvent, row: ActivityRow) {
  db.accumulate(entries, projected.id, { ...entryOf(projected), ...row });
}

type RequestAction = { action: string; table: string; player: string };

/**
 * A decision's entries, whose amount and player the request's row gives: written after the
 * batch's new requests (stage 1), one statement per request table.
 */
function entriesFromRequests(
  request: RequestAction,
): Accumulator<ActivityEntry & { targetKind: string; targetId: string }> {
  // Table and column names come from REQUEST_ACTIONS above, never from an event.
  return {
    name: `staff_activity.${request.action}`,
    stage: 1,
    merge: (_, later) => later,
    write: (db, rows) =>
      db.query(
        `INSERT INTO staff_activity (id, occurred_at, staff_id, staff_role, ip, request_id, note,
           action, amount, target_kind, target_id, player_id)
         SELECT c.id, c.occurred_at, c.staff_id, c.staff_role, c.ip, c.request_id, c.note, $9,
           r.amount, c.target_kind, c.target_id, ${request.player}
           FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[],
             $6::text[], $7::text[], $8::text[], $10::text[])
             AS c (id, occurred_at, staff_id, staff_role, ip, request_id, note, target_kind, target_id)
           JOIN ${request.table} r ON r.id = c.target_id`,
        [
          ...columns(rows, [...ENTRY_FIELDS, "targetKind"]),
          request.action,
          columns(rows, ["targetId"])[1],
        ],
      ),
  };
}

const FROM_REQUESTS = new Map(
  Object.values(REQUEST_ACTIONS).map((request) => [request, entriesFromRequests(request)]),
);

function insertFromRequest(
  db: ProjectionDb,
  projected: ProjectedEvent,
  request: RequestAction,
  kind: string,
  id: string,
) {
  db.accumulate(FROM_REQUESTS.get(request)!, projected.id, {
    ...entryOf(projected),
    targetKind: kind,
    targetId: id,
  });
}
