-- Up Migration
-- The round registry: one row per game round, written by the round's room right after each
-- append to its round-<id> stream (the stream stays the truth; recovery reads it). It gives
-- codes, one open round per instant table, the live lobby, the last outcomes and /fair lookups.
CREATE TABLE game_rounds (
  round_id     uuid   PRIMARY KEY,
  code         text   NOT NULL UNIQUE,
  game         text   NOT NULL CHECK (game IN ('coin-flip', 'spin-wheel')),
  instant_id   bigint REFERENCES instant_games (id),
  access       text   NOT NULL CHECK (access IN ('public', 'private')),
  created_by   uuid   NOT NULL REFERENCES users (id),
  bet_amount   bigint NOT NULL CHECK (bet_amount > 0),
  cut_bps      int    NOT NULL CHECK (cut_bps BETWEEN 0 AND 10000),
  waiting_minutes int NOT NULL,
  created_at   timestamptz NOT NULL,
  deadline     timestamptz NOT NULL,
  status       text   NOT NULL CHECK (status IN ('waiting', 'player-joined', 'finished', 'expired')),
  players      jsonb  NOT NULL DEFAULT '[]',
  commitment   text   NOT NULL,
  outcome      jsonb,
  server_seed  text,
  closed_at    timestamptz
);
-- A table holds at most one round that is not over.
CREATE UNIQUE INDEX game_rounds_one_open_per_table ON game_rounds (instant_id)
  WHERE status IN ('waiting', 'player-joined');
CREATE INDEX game_rounds_open ON game_rounds (game, status, created_at)
  WHERE status IN ('waiting', 'player-joined');
CREATE INDEX game_rounds_history ON game_rounds (game, closed_at DESC) WHERE status = 'finished';

-- Down Migration
DROP TABLE game_rounds;
