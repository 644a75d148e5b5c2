-- Up Migration
-- Banks players deposit to (type deposit) and withdrawal methods (type withdraw).
CREATE TABLE banks (
  id             uuid PRIMARY KEY,
  bank_name      text NOT NULL,
  account_number text NOT NULL DEFAULT '',
  bank_logo      text NOT NULL,
  type           text NOT NULL CHECK (type IN ('deposit', 'withdraw')),
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  color          text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX banks_unique_name ON banks (type, lower(bank_name));
CREATE INDEX banks_by_status ON banks (status, type, created_at DESC);

-- Responses of money-moving requests by Idempotency-Key, replayed when the key comes again.
CREATE TABLE idempotency_keys (
  user_id      uuid NOT NULL,
  key          text NOT NULL,
  route        text NOT NULL,
  request_hash text NOT NULL,
  status_code  int,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Down Migration
DROP TABLE idempotency_keys;
DROP TABLE banks;
