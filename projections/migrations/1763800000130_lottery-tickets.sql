-- Up Migration
-- Lottery tickets (docs/architecture.md, read models), from the StakeReceived events of lottery
-- rounds: a player's tickets of every lottery, and what each won once drawn.
CREATE TABLE lottery_rounds (
  round_id  text PRIMARY KEY
);
CREATE TABLE lottery_tickets (
  round_id    text   NOT NULL,
  number      int    NOT NULL,
  user_id     text   NOT NULL,
  transfer_id uuid   NOT NULL UNIQUE,
  amount      bigint NOT NULL,
  client_seed text   NOT NULL,
  bought_at   timestamptz NOT NULL,
  -- returned: the stake came back (sold after the out date or the drawing); refunded: deleted.
  status      text   NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'returned', 'refunded')),
  place       int,
  PRIMARY KEY (round_id, number)
);
CREATE INDEX lottery_tickets_by_user ON lottery_tickets (user_id, bought_at DESC);

-- Down Migration
DROP TABLE lottery_tickets;
DROP TABLE lottery_rounds;
