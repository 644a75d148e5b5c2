-- Up Migration
-- Sessions (issue 27): every sign-in starts one row, and its token (a cookie in the browser, a
-- bearer token for API clients) names it (`sid`). A request is let in only while its session has
-- not ended, so one device can be signed out ('sign out this one') and a cookie copied elsewhere
-- dies with the sign-out. The profile lists them: device, address, last seen.
CREATE TABLE user_sessions (
  id           uuid        PRIMARY KEY,
  user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  -- The account's token version when it began: a sign-out everywhere (or a password change,
  -- reset, block) bumps the account's, which ends this session too.
  token_version_at_start integer NOT NULL,
  ended_at     timestamptz,
  user_agent   text        NOT NULL DEFAULT '',
  address      text        NOT NULL DEFAULT ''
);
CREATE INDEX user_sessions_open ON user_sessions (user_id, last_seen_at DESC) WHERE ended_at IS NULL;

-- Down Migration
DROP TABLE user_sessions;
