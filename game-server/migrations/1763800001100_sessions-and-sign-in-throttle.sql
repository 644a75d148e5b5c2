-- Up Migration
-- Sessions: a token carries the account's token_version; bumping it (password change, admin reset,
-- block or unblock, sign-out everywhere) ends every token issued before.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Sign-in throttling per account, whatever the address (README "Sign-in throttling"). The key is
-- the user id, or for a login that matches no account the normalised login itself, so unknown
-- and known accounts answer alike.
CREATE TABLE sign_in_failures (
  login_key       text PRIMARY KEY,
  failures        integer NOT NULL DEFAULT 0,
  -- Failures since the owner's last successful sign-in: shown to them once, then reset.
  unseen_failures integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  last_failure_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE sign_in_failures;
ALTER TABLE users DROP COLUMN token_version;
