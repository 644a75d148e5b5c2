-- Up Migration
-- Operator-wide settings that are not a game's (the reports' time zone), one row per name. An
-- absent row means the default (reports: Africa/Addis_Ababa).
CREATE TABLE operator_settings (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE operator_settings;
