-- Up Migration
-- Linked accounts (docs/linked-accounts.md): what ties players together, kept as it happens
-- (game-server/src/linked-accounts/), never recomputed by scanning.
--
-- A trace: one player seen with one thing another player may share. `kind` says what:
--   payoutAccount  the bank or method and the account number of a withdrawal request
--   device         SHA-256 of the first-party device id (the igp_device cookie), never the id
--   signUpBurst    the address of a burst of sign-ups, with the burst's first sign-up time
-- A (kind, key) held by two players or more links them.
CREATE TABLE linked_account_traces (
  kind          text        NOT NULL CHECK (kind IN ('payoutAccount', 'device', 'signUpBurst')),
  key           text        NOT NULL,
  user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key, user_id)
);
CREATE INDEX linked_account_traces_by_user ON linked_account_traces (user_id);

-- Sign-ups by address, kept only as long as the burst window (older rows are deleted by the
-- next sign-up): what a burst is counted on.
CREATE TABLE linked_account_sign_ups (
  user_id      uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  address      text        NOT NULL,
  signed_up_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX linked_account_sign_ups_by_address ON linked_account_sign_ups (address, signed_up_at);
CREATE INDEX linked_account_sign_ups_by_time ON linked_account_sign_ups (signed_up_at);

-- The groups: every linked player is a member of exactly one; a link between two groups merges
-- them into the older one.
CREATE TABLE linked_account_groups (
  id         uuid        PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX linked_account_groups_by_update ON linked_account_groups (updated_at DESC, id);

CREATE TABLE linked_account_members (
  user_id   uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  group_id  uuid        NOT NULL REFERENCES linked_account_groups (id) ON DELETE CASCADE,
  linked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX linked_account_members_by_group ON linked_account_members (group_id);

-- Down Migration
DROP TABLE linked_account_members;
DROP TABLE linked_account_groups;
DROP TABLE linked_account_sign_ups;
DROP TABLE linked_account_traces;
