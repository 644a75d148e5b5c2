-- Up Migration
-- A bank withdrawal is approved with the payment reference of the transfer staff made (recorded
-- in WithdrawalApproved and projected into `reference`). One transfer pays one withdrawal: the
-- back office refuses a reference already recorded for another, found through this index.
CREATE INDEX withdrawal_requests_by_payment_reference
  ON withdrawal_requests (lower(reference)) WHERE method = 'bank';

-- Down Migration
DROP INDEX withdrawal_requests_by_payment_reference;
