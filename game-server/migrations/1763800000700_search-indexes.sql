-- Up Migration
-- Substring search (ILIKE '%…%') on names, and exact lookups of codes, stay fast at millions of rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_full_name_search ON users USING gin (full_name gin_trgm_ops);
CREATE INDEX deposit_requests_by_code ON deposit_requests (deposit_code);
CREATE INDEX deposit_requests_by_transaction ON deposit_requests (transaction_id);
CREATE INDEX withdrawal_requests_by_code ON withdrawal_requests (withdraw_code);

-- Down Migration
DROP INDEX withdrawal_requests_by_code;
DROP INDEX deposit_requests_by_transaction;
DROP INDEX deposit_requests_by_code;
DROP INDEX users_full_name_search;
