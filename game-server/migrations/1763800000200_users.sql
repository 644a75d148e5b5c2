-- Up Migration
-- Accounts are plain rows, not events: only money is event-sourced (docs/architecture.md, the
-- ledger).
CREATE TABLE users (
  id            uuid PRIMARY KEY,
  full_name     text NOT NULL,
  email         text UNIQUE,
  phone         text UNIQUE,
  user_name     text,
  password_hash text,
  role          text NOT NULL CHECK (role IN ('user', 'admin', 'superAdmin')),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
CREATE INDEX users_by_role ON users (role, created_at DESC);

-- Down Migration
DROP TABLE users;
