-- Up Migration
-- The Telegram Mini App (docs/telegram.md). Init data already used to sign in: a replay of one is
-- refused. A row is needed only while its init data is fresh enough to be accepted at all; older
-- rows are removed as new ones come.
CREATE TABLE telegram_init_data_uses (
  hash       text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX telegram_init_data_uses_by_expiry ON telegram_init_data_uses (expires_at);

-- Whether the player let the bot write to them (the init data's allows_write_to_pm, as of their
-- last Mini App sign-in): money notices go to Telegram only then.
ALTER TABLE users ADD COLUMN telegram_notices boolean NOT NULL DEFAULT false;

-- Bot messages to send, one per money notice and player (exactly once: the notice's event id and
-- the player are the key), drained by the Telegram notices worker with retries.
CREATE TABLE telegram_outbox (
  id              bigserial   PRIMARY KEY,
  event_id        text        NOT NULL,
  user_id         uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat_id         bigint      NOT NULL,
  text            text        NOT NULL,
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  UNIQUE (event_id, user_id)
);
CREATE INDEX telegram_outbox_due ON telegram_outbox (next_attempt_at, id) WHERE status = 'pending';

-- Down Migration
DROP TABLE telegram_outbox;
ALTER TABLE users DROP COLUMN telegram_notices;
DROP TABLE telegram_init_data_uses;
