-- Up Migration
-- Which process runs each open round's room, for how long (issue 15: failover). The holder (its
-- Colyseus process id) renews its leases every few seconds; when a process dies its leases
-- lapse and a surviving process claims them (one UPDATE decides the winner) and resumes the
-- rounds from their streams. A row goes when its room is disposed.
CREATE TABLE round_leases (
  round_id   uuid        PRIMARY KEY REFERENCES game_rounds (round_id) ON DELETE CASCADE,
  holder     text        NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX round_leases_holder ON round_leases (holder);

-- Down Migration
DROP TABLE round_leases;
