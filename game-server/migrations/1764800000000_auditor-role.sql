-- Up Migration
-- The auditor: a read-only staff role (docs/security.md, the auditor). `personal_data` is the
-- superAdmin's grant to see players' names and phones unmasked; it means nothing for other roles.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('user', 'admin', 'superAdmin', 'auditor'));
ALTER TABLE users ADD COLUMN personal_data boolean NOT NULL DEFAULT false;

-- Every API request an auditor makes, allowed or refused, written before it is answered
-- (game-server/src/staff-activity/auditor-access.ts): who, what, when, from where. Rows are
-- never updated or deleted by the application. The staff activity log shows them.
CREATE TABLE auditor_access (
  id          uuid        PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  staff_id    uuid        NOT NULL REFERENCES users (id),
  -- 'auditor.read' (answered) or 'auditor.refused' (a write, or a read outside the role: 403)
  action      text        NOT NULL CHECK (action IN ('auditor.read', 'auditor.refused')),
  method      text        NOT NULL,
  path        text        NOT NULL,
  ip          text,
  request_id  text
);
CREATE INDEX auditor_access_by_time ON auditor_access (occurred_at DESC, id);
CREATE INDEX auditor_access_by_staff ON auditor_access (staff_id, occurred_at DESC);

-- Down Migration
DROP TABLE auditor_access;
ALTER TABLE users DROP COLUMN personal_data;
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin', 'superAdmin'));
