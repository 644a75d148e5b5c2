-- Up Migration

-- The append-only event store, one row per event. A stream's next revision is claimed by
-- inserting it: the primary key (stream_id, revision) lets exactly one of two concurrent appends
-- at the same revision commit (the other fails with a unique violation: a revision conflict).
CREATE TABLE ledger_events (
  stream_id       text        NOT NULL,
  revision        bigint      NOT NULL,
  global_position bigserial   NOT NULL,
  -- The writing transaction: global readers order by it and stop below the oldest running one,
  -- so an event that commits late is never skipped.
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  event_id        uuid        NOT NULL,
  type            text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  prev_hash       text        NOT NULL,
  hash            text        NOT NULL,
  CONSTRAINT ledger_events_stream_revision PRIMARY KEY (stream_id, revision),
  CONSTRAINT ledger_events_event_id UNIQUE (event_id)
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

-- Appends events to one stream, unless its revision does not match p_expected:
--   p_expected: >= 0 exact revision, -1 no stream, -2 any, -3 stream exists.
--   p_bodies:   canonical JSON of each event ({id, type, data, metadata}), hashed as given.
-- Returns the new revision and the last event's global position ("xid:position"), or, when the
-- revision does not match, nulls and the stream's actual revision (-1: no stream).
-- A unique violation on ledger_events_stream_revision means a concurrent append took the
-- revision; on ledger_events_event_id, that an event id exists: the caller tells which.
CREATE FUNCTION ledger_append_one(p_stream text, p_expected bigint, p_bodies text[])
RETURNS TABLE (next_revision bigint, last_position text, actual_revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_revision bigint;
  v_hash     text;
  v_prev     text;
  v_body     jsonb;
  v_position bigint;
BEGIN
  SELECT e.revision, e.hash INTO v_revision, v_hash
    FROM ledger_events e WHERE e.stream_id = p_stream ORDER BY e.revision DESC LIMIT 1;
  IF NOT FOUND THEN
    v_revision := -1;
    v_hash := repeat('0', 64);
  END IF;

  IF (p_expected >= 0 AND v_revision <> p_expected)
     OR (p_expected = -1 AND v_revision <> -1)
     OR (p_expected = -3 AND v_revision = -1) THEN
    RETURN QUERY SELECT NULL::bigint, NULL::text, v_revision;
    RETURN;
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

  RETURN QUERY SELECT v_revision, pg_current_xact_id()::text || ':' || v_position::text, NULL::bigint;
END $$;

-- The same for one append: raises LG409 (DETAIL: the actual revision) when it does not match.
CREATE FUNCTION ledger_append(p_stream text, p_expected bigint, p_bodies text[])
RETURNS TABLE (next_revision bigint, last_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_result record;
BEGIN
  SELECT * INTO v_result FROM ledger_append_one(p_stream, p_expected, p_bodies);
  IF v_result.next_revision IS NULL THEN
    RAISE EXCEPTION 'wrong expected revision'
      USING ERRCODE = 'LG409', DETAIL = v_result.actual_revision::text;
  END IF;
  RETURN QUERY SELECT v_result.next_revision, v_result.last_position;
END $$;

-- Several appends to distinct streams in one transaction (one commit for all of them), each
-- with its own expected revision. p_sizes[i] events of p_bodies belong to p_streams[i].
-- One row per append, in order: its result, or its actual revision when it did not match.
CREATE FUNCTION ledger_append_batch(p_streams text[], p_expected bigint[], p_sizes int[], p_bodies text[])
RETURNS TABLE (item int, next_revision bigint, last_position text, actual_revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_offset int := 0;
BEGIN
  FOR s IN 1 .. cardinality(p_streams) LOOP
    RETURN QUERY SELECT s, r.next_revision, r.last_position, r.actual_revision
      FROM ledger_append_one(p_streams[s], p_expected[s], p_bodies[v_offset + 1 : v_offset + p_sizes[s]]) r;
    v_offset := v_offset + p_sizes[s];
  END LOOP;
END $$;

-- Down Migration
DROP FUNCTION ledger_append_batch(text[], bigint[], int[], text[]);
DROP FUNCTION ledger_append(text, bigint, text[]);
DROP FUNCTION ledger_append_one(text, bigint, text[]);
DROP TABLE ledger_events;
DROP FUNCTION ledger_refuse_change();
