-- Up Migration
-- The staff activity log's ledger part (projections/src/read-models/staff-activity.projector.ts):
-- one row per ledger event a staff member (agent or superAdmin) caused, read with the
-- actions that live in tables only (game-server's staff_actions) by GET /api/admin/activity.
-- Emptied and rebuilt by `npm run rebuild-projections` like every read model.
CREATE TABLE staff_activity (
  -- The ledger event's id.
  id          text PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  staff_id    text NOT NULL,
  staff_role  text NOT NULL,
  -- e.g. deposit.approve, withdrawal.refuse, bonus.grant (the route's list of actions).
  action      text NOT NULL,
  -- Minor units; null when the action moves no amount.
  amount      bigint,
  -- What it touched: a request (deposit, withdrawal, charge) or a player, by id.
  target_kind text NOT NULL,
  target_id   text NOT NULL,
  -- The player whose money it was, when there is one.
  player_id   text,
  -- The address the staff member's request came from (events before issue 27's log have none).
  ip          text,
  request_id  text
);
CREATE INDEX staff_activity_by_time ON staff_activity (occurred_at DESC, id);
CREATE INDEX staff_activity_by_staff ON staff_activity (staff_id, occurred_at DESC);

-- Down Migration
DROP TABLE staff_activity;
