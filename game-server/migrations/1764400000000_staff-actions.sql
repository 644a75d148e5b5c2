-- Up Migration
-- Staff actions that change tables only, not the ledger (blocks, agent accounts, password and
-- two-factor resets, settings, banks, social links, games): each row is written in the same
-- transaction as the change it records (game-server/src/staff-activity/staff-actions.ts), so
-- a change without its row cannot exist. Money and request decisions are not here: they are
-- ledger events, projected into staff_activity. GET /api/admin/activity reads both.
CREATE TABLE staff_actions (
  id          uuid        PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  staff_id    uuid        NOT NULL REFERENCES users (id),
  staff_role  text        NOT NULL,
  action      text        NOT NULL,
  amount      bigint,
  target_kind text        NOT NULL,
  target_id   text        NOT NULL,
  player_id   text,
  ip          text,
  request_id  text,
  -- A short note of what changed (a setting group, a bank's name); never a secret.
  detail      text
);
CREATE INDEX staff_actions_by_time ON staff_actions (occurred_at DESC, id);
CREATE INDEX staff_actions_by_staff ON staff_actions (staff_id, occurred_at DESC);

-- Down Migration
DROP TABLE staff_actions;
