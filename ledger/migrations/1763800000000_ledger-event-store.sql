-- Up Migration

-- The append-only event store. One row per event; a stream's head (revision, last hash) in
-- ledger_streams is what an append locks, so concurrent appends to one stream queue there.
CREATE TABLE ledger_streams (
  stream_id  text PRIMARY KEY,
  revision   bigint NOT NULL,
  last_hash  text   NOT NULL
);

CREATE TABLE ledger_events (
  global_position bigserial PRIMARY KEY,
  -- The writing transaction: readers order by it and stop below the oldest running one,
  -- so an event that commits late is never skipped.
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text        NOT NULL,
  revision        bigint      NOT NULL,
  event_id        uuid        NOT NULL UNIQUE,
  type            text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  prev_hash       text        NOT NULL,
  hash            text        NOT NULL,
  UNIQUE (stream_id, revision)
);

CREATE INDEX ledger_events_global_order ON ledger_events (transaction_id, global_position);

CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'LG403';
END $$;

CREATE TRIGGER ledger_events_append_only
  BEFORE UPDATE OR DELETE ON ledger_events
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

CREATE TRIGGER ledger_events_no_truncate
  BEFORE TRUNCATE ON ledger_events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Appends events to one stream in one call.
--   p_expected: >= 0 exact revision, -1 no stream, -2 any, -3 stream exists.
--   p_bodies:   canonical JSON of each event ({id, type, data, metadata}), hashed as given.
-- Returns the new revision and the last event's global position ("xid:position"), or, when every
-- event id is already stored in this stream, the original result with duplicate = true.
CREATE FUNCTION ledger_append(p_stream text, p_expected bigint, p_bodies text[])
RETURNS TABLE (next_revision bigint, last_position text, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids      uuid[];
  v_revision bigint;
  v_hash     text;
  v_prev     text;
  v_body     jsonb;
  v_position bigint;
  v_found    int;
  v_in_stream int;
BEGIN
  SELECT s.revision, s.last_hash INTO v_revision, v_hash
    FROM ledger_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO ledger_streams (stream_id, revision, last_hash)
      VALUES (p_stream, -1, repeat('0', 64)) ON CONFLICT (stream_id) DO NOTHING;
    SELECT s.revision, s.last_hash INTO v_revision, v_hash
      FROM ledger_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  END IF;

  -- Idempotency: checked under the stream lock, so a concurrent twin has committed or failed.
  v_ids := ARRAY(SELECT (b::jsonb ->> 'id')::uuid FROM unnest(p_bodies) AS b);
  SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream)
    INTO v_found, v_in_stream FROM ledger_events e WHERE e.event_id = ANY (v_ids);
  IF v_found > 0 THEN
    IF v_found = cardinality(v_ids) AND v_in_stream = v_found THEN
      RETURN QUERY
        SELECT e.revision, e.transaction_id::text || ':' || e.global_position::text, true
          FROM ledger_events e WHERE e.event_id = ANY (v_ids)
          ORDER BY e.revision DESC LIMIT 1;
      RETURN;
    END IF;
    RAISE EXCEPTION 'event id already used by another append' USING ERRCODE = 'LG422';
  END IF;

  IF (p_expected >= 0 AND v_revision <> p_expected)
     OR (p_expected = -1 AND v_revision <> -1)
     OR (p_expected = -3 AND v_revision = -1) THEN
    RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'LG409', DETAIL = v_revision::text;
  END IF;

  FOR i IN 1 .. cardinality(p_bodies) LOOP
    v_body := p_bodies[i]::jsonb;
    v_revision := v_revision + 1;
    v_prev := v_hash;
    v_hash := encode(sha256(convert_to(
      v_prev || E'\n' || p_stream || E'\n' || v_revision::text || E'\n' || p_bodies[i], 'UTF8')), 'hex');
    INSERT INTO ledger_events (stream_id, revision, event_id, type, data, metadata, prev_hash, hash)
      VALUES (p_stream, v_revision, (v_body ->> 'id')::uuid, v_body ->> 'type',
              v_body -> 'data', v_body -> 'metadata', v_prev, v_hash)
      RETURNING global_position INTO v_position;
  END LOOP;

  UPDATE ledger_streams SET revision = v_revision, last_hash = v_hash WHERE stream_id = p_stream;
  RETURN QUERY SELECT v_revision, pg_current_xact_id()::text || ':' || v_position::text, false;
END $$;

-- Down Migration
DROP FUNCTION ledger_append(text, bigint, text[]);
DROP TABLE ledger_events;
DROP FUNCTION ledger_refuse_change();
DROP TABLE ledger_streams;
