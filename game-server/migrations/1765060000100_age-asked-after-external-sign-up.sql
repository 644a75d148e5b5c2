-- Up Migration
-- Accounts made by a Google or Telegram sign-in confirm the minimum age and the terms before
-- anything else (docs/safer-play.md): the session says so while their wallet holds no
-- AgeConfirmed. Accounts made before this (and by phone or e-mail, which ask in the form) keep
-- false: the old ones confirm in the profile before their first stake, as before.
ALTER TABLE users ADD COLUMN asks_age_first boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE users DROP COLUMN asks_age_first;
