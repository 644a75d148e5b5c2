-- Up Migration
-- How far each background reader (transfer reactor, projectors) has read the global stream.
CREATE TABLE checkpoints (
  name       text PRIMARY KEY,
  position   text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE checkpoints;
