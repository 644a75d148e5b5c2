-- Up Migration
-- Rounds of every game and lottery, for the dashboard and the game lists.
CREATE TABLE rounds (
  id          text PRIMARY KEY,
  game        text NOT NULL,
  bet_amount  bigint NOT NULL,
  status      text NOT NULL,
  stakes      bigint NOT NULL DEFAULT 0,
  players     int NOT NULL DEFAULT 0,
  house_cut   bigint NOT NULL DEFAULT 0,
  opened_at   timestamptz NOT NULL,
  closed_at   timestamptz
);
CREATE INDEX rounds_by_status ON rounds (status, opened_at DESC);
CREATE INDEX rounds_by_day ON rounds (closed_at) WHERE status = 'settled';

-- Down Migration
DROP TABLE rounds;
