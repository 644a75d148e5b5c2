-- Up Migration
-- Lottery prizes are paid when the drawing's reveal ends (issue 32): the drawing is recorded
-- (status 'drawn', drawn_at), its room reveals the winners one by one, then settles the round
-- in the ledger (prizes from the house) and records paid_at. A drawn lottery without paid_at
-- still owes its winners: its room is adopted until it pays. Lotteries drawn before this change
-- were settled before their drawing was recorded: paid.
ALTER TABLE lotteries ADD COLUMN paid_at timestamptz;
UPDATE lotteries SET paid_at = COALESCE(drawn_at, now()) WHERE status = 'drawn';

-- Down Migration
ALTER TABLE lotteries DROP COLUMN paid_at;
