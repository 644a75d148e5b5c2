-- Up Migration
-- Accounts signed in through Google (OpenID Connect subject) or Telegram (user id).
ALTER TABLE users ADD COLUMN google_sub text UNIQUE;
ALTER TABLE users ADD COLUMN telegram_id bigint UNIQUE;
ALTER TABLE users DROP CONSTRAINT users_check;
ALTER TABLE users ADD CONSTRAINT users_has_identity
  CHECK (email IS NOT NULL OR phone IS NOT NULL OR google_sub IS NOT NULL OR telegram_id IS NOT NULL);

-- Down Migration
ALTER TABLE users DROP CONSTRAINT users_has_identity;
ALTER TABLE users DROP COLUMN telegram_id;
ALTER TABLE users DROP COLUMN google_sub;
ALTER TABLE users ADD CONSTRAINT users_check CHECK (email IS NOT NULL OR phone IS NOT NULL);
