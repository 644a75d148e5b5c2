-- Up Migration
ALTER TABLE users ADD COLUMN last_login_at timestamptz;
CREATE INDEX users_by_last_login ON users (last_login_at) WHERE role = 'user';
CREATE INDEX users_by_created ON users (created_at) WHERE role = 'user';

-- Down Migration
ALTER TABLE users DROP COLUMN last_login_at;
