-- Up Migration
-- The house's balance per day (UTC), folded from the same events and by the same rule as
-- house_balance (ledger's evolveHouse): round cuts (coin flip and spin wheel cuts, lottery ticket
-- sales), withdrawal fees, lottery prizes and agents' advances. The dashboard's house revenue of
-- any period is the sum of its days, so the all-time figure, the 30-day chart and the audit's
-- house balance agree. An existing installation fills it from the past with
-- `npm run rebuild-projections`.
CREATE TABLE house_days (
  day             date   PRIMARY KEY,
  round_cuts      bigint NOT NULL DEFAULT 0,
  withdrawal_fees bigint NOT NULL DEFAULT 0,
  prizes_paid     bigint NOT NULL DEFAULT 0,
  agent_advances  bigint NOT NULL DEFAULT 0,
  balance         bigint NOT NULL DEFAULT 0
);

-- Down Migration
DROP TABLE house_days;
