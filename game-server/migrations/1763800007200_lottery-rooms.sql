-- Up Migration
-- The lottery room (issue 32). Each lottery not yet finished has a live room in one process; that
-- process holds the lottery's lease as it would a round's (round_leases holds game rounds only),
-- renews it, and a surviving process adopts the lottery when it lapses. closed_at is when sales
-- closed (the drawing starts a notice later): a room adopted mid-countdown keeps the same drawAt.
CREATE TABLE lottery_leases (
  round_id   uuid        PRIMARY KEY REFERENCES lotteries (round_id) ON DELETE CASCADE,
  holder     text        NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX lottery_leases_holder ON lottery_leases (holder);
ALTER TABLE lotteries ADD COLUMN closed_at timestamptz;

-- Down Migration
ALTER TABLE lotteries DROP COLUMN closed_at;
DROP TABLE lottery_leases;
