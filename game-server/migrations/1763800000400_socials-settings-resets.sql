-- Up Migration
CREATE TABLE social_links (
  id          uuid PRIMARY KEY,
  social_name text NOT NULL,
  social_link text NOT NULL CHECK (social_link ~* '^https?://'),
  social_logo text NOT NULL,
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX social_links_by_status ON social_links (status, created_at DESC);

-- One row per settings group; rounds record the values they opened with.
CREATE TABLE settings (
  group_name            text PRIMARY KEY CHECK (group_name IN ('spinWheel', 'coinFlip', 'subAdminWithdraw', 'subAdminCredit')),
  game_waiting_time     int  NOT NULL CHECK (game_waiting_time BETWEEN 1 AND 1440),
  -- Percent with two decimals, as basis points (10% = 1000).
  win_percent_cut_bps   int  NOT NULL CHECK (win_percent_cut_bps BETWEEN 0 AND 10000),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings (group_name, game_waiting_time, win_percent_cut_bps) VALUES
  ('spinWheel', 5, 1000), ('coinFlip', 5, 1000), ('subAdminWithdraw', 5, 1000), ('subAdminCredit', 5, 1000);

-- Players asking for a new password; the superAdmin resets it and the request is completed.
CREATE TABLE password_reset_requests (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  contact      text NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE UNIQUE INDEX password_reset_one_pending ON password_reset_requests (user_id) WHERE status = 'pending';
CREATE INDEX password_reset_by_status ON password_reset_requests (status, created_at DESC);

-- Down Migration
DROP TABLE password_reset_requests;
DROP TABLE settings;
DROP TABLE social_links;
