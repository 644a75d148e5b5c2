-- Up Migration
-- The operator's reports (projections/src/reports/), folded from the ledger like every read
-- model: emptied and rebuilt by `npm run rebuild-projections`, compared by `npm run audit`.
-- Times are kept as instants; a report groups them by day in the operator's time zone when it
-- reads them, so changing the zone needs no rebuild.

-- One row per round or lottery: its money, by the day it closed (settled or cancelled).
CREATE TABLE report_rounds (
  id           text PRIMARY KEY,
  game         text,
  -- A public table's id; null for a private round or a lottery.
  table_id     int,
  -- A lottery's code and title.
  code         text,
  title        text,
  status       text,
  -- Stakes held (received less returned) and their number: the round's seats or tickets.
  stakes       bigint NOT NULL DEFAULT 0,
  seats        int    NOT NULL DEFAULT 0,
  payouts      bigint NOT NULL DEFAULT 0,
  house_cut    bigint NOT NULL DEFAULT 0,
  prizes       bigint NOT NULL DEFAULT 0,
  refunds      bigint NOT NULL DEFAULT 0,
  opened_at    timestamptz,
  closed_at    timestamptz
);
CREATE INDEX report_rounds_by_close ON report_rounds (closed_at) WHERE closed_at IS NOT NULL;

-- Every movement of a player's wallet, in the wallet's order (its stream revision).
CREATE TABLE report_wallet_movements (
  user_id     text   NOT NULL,
  revision    bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  kind        text   NOT NULL,
  main        bigint NOT NULL,
  bonus       bigint NOT NULL,
  -- The request, round or grant the movement belongs to.
  reference   text,
  PRIMARY KEY (user_id, revision)
);
CREATE INDEX report_wallet_movements_by_time ON report_wallet_movements (user_id, occurred_at);

-- Every movement of an agent's float, with what it was for.
CREATE TABLE report_agent_movements (
  agent_id    text   NOT NULL,
  revision    bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  kind        text   NOT NULL,
  amount      bigint NOT NULL,
  reference   text,
  PRIMARY KEY (agent_id, revision)
);
CREATE INDEX report_agent_movements_by_time ON report_agent_movements (occurred_at);

-- The money report reads the request read models by the day they were decided.
CREATE INDEX deposit_requests_decided ON deposit_requests (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX withdrawal_requests_decided ON withdrawal_requests (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX player_game_history_settled ON player_game_history (settled_at) WHERE settled_at IS NOT NULL;

-- Down Migration
DROP INDEX player_game_history_settled;
DROP INDEX withdrawal_requests_decided;
DROP INDEX deposit_requests_decided;
DROP TABLE report_agent_movements;
DROP TABLE report_wallet_movements;
DROP TABLE report_rounds;
