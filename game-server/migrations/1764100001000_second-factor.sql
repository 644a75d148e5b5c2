-- Up Migration
-- Two-factor sign-in (issue 27): an authenticator (TOTP) per account, its secret sealed with a key
-- derived from CODE_SECRET. Pending until its first code confirms it. `last_step` is the time
-- step of the last code accepted: a code is good once, even inside its window. Wrong codes are
-- counted and lock the factor for a while; the owner is told at the next sign-in.
CREATE TABLE second_factors (
  user_id         uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret   text        NOT NULL,
  confirmed_at    timestamptz,
  last_step       bigint      NOT NULL DEFAULT 0,
  failures        integer     NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  unseen_lockouts integer     NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Ten single-use recovery codes per confirmed factor, kept as keyed digests (HMAC-SHA256).
CREATE TABLE recovery_codes (
  user_id uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  digest  text        NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, digest)
);

-- Down Migration
DROP TABLE recovery_codes;
DROP TABLE second_factors;
