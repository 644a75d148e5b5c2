-- Up Migration
-- Staff lists show a masked hint of a deposit or withdraw code, never the code; the owner's own
-- lists open the sealed copy (requests made before codes were digested keep the code itself in
-- deposit_code / withdraw_code, shown to their owner only). The hint is the code's last two
-- characters, as ledger's maskCode makes it for the requests projector.
ALTER TABLE deposit_requests ADD COLUMN code_hint text NOT NULL DEFAULT '', ADD COLUMN sealed_code text;
ALTER TABLE withdrawal_requests ADD COLUMN code_hint text NOT NULL DEFAULT '', ADD COLUMN sealed_code text;
UPDATE deposit_requests
   SET code_hint = repeat('•', greatest(length(deposit_code) - 2, 0)) || right(deposit_code, 2);
UPDATE withdrawal_requests
   SET code_hint = repeat('•', greatest(length(withdraw_code) - 2, 0)) || right(withdraw_code, 2);

-- Down Migration
ALTER TABLE deposit_requests DROP COLUMN code_hint, DROP COLUMN sealed_code;
ALTER TABLE withdrawal_requests DROP COLUMN code_hint, DROP COLUMN sealed_code;
