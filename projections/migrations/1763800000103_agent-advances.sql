-- Up Migration
-- Agents' advances (the sub-admin settings' percentages), paid from the house: on each paid-out
-- withdrawal and approved charge, and the house's running total of them.
ALTER TABLE house_balance ADD COLUMN agent_advances bigint NOT NULL DEFAULT 0;
ALTER TABLE withdrawal_requests ADD COLUMN advance bigint NOT NULL DEFAULT 0;
ALTER TABLE charge_requests ADD COLUMN advance bigint NOT NULL DEFAULT 0;
-- An agent's dashboard sums its advances.
CREATE INDEX withdrawal_requests_advances ON withdrawal_requests (decided_by) WHERE advance > 0;

-- Down Migration
ALTER TABLE house_balance DROP COLUMN agent_advances;
ALTER TABLE withdrawal_requests DROP COLUMN advance;
ALTER TABLE charge_requests DROP COLUMN advance;
