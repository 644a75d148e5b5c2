-- Up Migration
-- Fraud signals (docs/fraud-signals.md) look requests up by a normalised form of what the player
-- typed: a transaction reference, a payout account number. The normal form is defined once, here:
-- lower case, and nothing but letters and digits ('FT 26-11.AB' and 'ft2611ab' are one key).
-- IMMUTABLE so that the indexes below can use it; the read models' rebuild keeps them.
CREATE FUNCTION fraud_key(typed text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT NULLIF(regexp_replace(lower(typed), '[^[:alnum:]]', '', 'g'), '') $$;

CREATE INDEX deposit_requests_by_reference_key
  ON deposit_requests (fraud_key(transaction_id)) WHERE transaction_id IS NOT NULL;
CREATE INDEX withdrawal_requests_by_account_key
  ON withdrawal_requests (fraud_key(account_number)) WHERE method = 'bank';

-- The approver's note on a decision taken despite fraud signals (the event metadata's `note`),
-- shown as the Activity log's detail. Rows projected before are filled by a rebuild.
ALTER TABLE staff_activity ADD COLUMN note text;

-- Down Migration
ALTER TABLE staff_activity DROP COLUMN note;
DROP INDEX withdrawal_requests_by_account_key;
DROP INDEX deposit_requests_by_reference_key;
DROP FUNCTION fraud_key(text);
