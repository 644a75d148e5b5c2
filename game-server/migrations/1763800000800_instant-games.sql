-- Up Migration
-- Instant game tables created by the superAdmin: a game type and a bet. Rounds are played on them
-- (coin flip, spin wheel); lotteries come with their own fields.
CREATE TABLE instant_games (
  id          bigserial PRIMARY KEY,
  type        text   NOT NULL CHECK (type IN ('coin-flip', 'spin-wheel')),
  bet_amount  bigint NOT NULL CHECK (bet_amount > 0),
  status      text   NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by  uuid   NOT NULL REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX instant_games_by_type ON instant_games (status, type, bet_amount);

-- Down Migration
DROP TABLE instant_games;
