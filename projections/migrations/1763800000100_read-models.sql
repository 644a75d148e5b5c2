-- Up Migration
-- Read models built from the ledger's events by projections/. Never written by anything else;
-- `npm run rebuild-projections` empties and rebuilds them from the events.

CREATE TABLE player_balances (
  user_id    text PRIMARY KEY,
  main       bigint NOT NULL DEFAULT 0,
  bonus      bigint NOT NULL DEFAULT 0,
  -- Pending withdrawals: money taken from main/bonus and not yet paid or released.
  held       bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);

CREATE TABLE agent_balances (
  agent_id   text PRIMARY KEY,
  float      bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);

CREATE TABLE house_balance (
  id              smallint PRIMARY KEY CHECK (id = 1),
  round_cuts      bigint NOT NULL DEFAULT 0,
  withdrawal_fees bigint NOT NULL DEFAULT 0,
  prizes_paid     bigint NOT NULL DEFAULT 0,
  balance         bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL
);

CREATE TABLE deposit_requests (
  id             text PRIMARY KEY,
  user_id        text NOT NULL,
  method         text NOT NULL,
  amount         bigint NOT NULL,
  deposit_code   text NOT NULL,
  bank_name      text,
  account_number text,
  transaction_id text,
  screenshot     text,
  status         text NOT NULL,
  decided_by     text,
  requested_at   timestamptz NOT NULL,
  decided_at     timestamptz
);
CREATE INDEX deposit_requests_by_status ON deposit_requests (status, requested_at DESC, id);
CREATE INDEX deposit_requests_by_method ON deposit_requests (method, requested_at DESC, id);
CREATE INDEX deposit_requests_by_user ON deposit_requests (user_id, requested_at DESC, id);
CREATE INDEX deposit_requests_recent ON deposit_requests (requested_at DESC, id);

CREATE TABLE withdrawal_requests (
  id             text PRIMARY KEY,
  user_id        text NOT NULL,
  amount         bigint NOT NULL,
  from_main      bigint NOT NULL,
  from_bonus     bigint NOT NULL,
  fee            bigint NOT NULL,
  payout         bigint NOT NULL,
  method         text NOT NULL,
  bank_name      text,
  account_number text NOT NULL,
  withdraw_code  text NOT NULL,
  status         text NOT NULL,
  decided_by     text,
  reference      text,
  requested_at   timestamptz NOT NULL,
  decided_at     timestamptz
);
CREATE INDEX withdrawal_requests_by_status ON withdrawal_requests (status, requested_at DESC, id);
CREATE INDEX withdrawal_requests_by_user ON withdrawal_requests (user_id, requested_at DESC, id);
CREATE INDEX withdrawal_requests_recent ON withdrawal_requests (requested_at DESC, id);

CREATE TABLE charge_requests (
  id             text PRIMARY KEY,
  agent_id       text NOT NULL,
  amount         bigint NOT NULL,
  bank_name      text NOT NULL,
  account_number text NOT NULL,
  transaction_id text NOT NULL,
  screenshot     text,
  status         text NOT NULL,
  decided_by     text,
  requested_at   timestamptz NOT NULL,
  decided_at     timestamptz
);
CREATE INDEX charge_requests_by_status ON charge_requests (status, requested_at DESC, id);
CREATE INDEX charge_requests_by_agent ON charge_requests (agent_id, requested_at DESC, id);
CREATE INDEX charge_requests_recent ON charge_requests (requested_at DESC, id);

-- Down Migration
DROP TABLE charge_requests;
DROP TABLE withdrawal_requests;
DROP TABLE deposit_requests;
DROP TABLE house_balance;
DROP TABLE agent_balances;
DROP TABLE player_balances;
