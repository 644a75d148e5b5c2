-- Up Migration

-- A batch reads every stream's head before it writes anything. A transaction's id (the first
-- half of a global position) is assigned at its first write; a head read after that write could
-- see a revision committed by a transaction with a later id, and the stream's next revision would
-- then come before it in the global order (seen: wallet@6 at 1994:9922, wallet@5 at 1997:9894).
-- Read before any write, every head a batch chains onto was committed by a transaction whose id
-- is older than the batch's own, so each stream's revisions ascend in the global order.

-- Appends events after a head already read: the chain goes on from p_revision and p_hash.
CREATE FUNCTION ledger_append_after(p_stream text, p_revision bigint, p_hash text, p_bodies text[])
RETURNS TABLE (next_revision bigint, last_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_revision bigint := p_revision;
  v_hash     text := p_hash;
  v_prev     text;
  v_body     jsonb;
  v_position bigint;
BEGIN
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
  RETURN QUERY SELECT v_revision, pg_current_xact_id()::text || ':' || v_position::text;
END $$;

-- A stream's head: its last revision and hash (-1 and the zero hash for no stream).
CREATE FUNCTION ledger_head(p_stream text, OUT revision bigint, OUT hash text)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.revision, e.hash INTO revision, hash
    FROM ledger_events e WHERE e.stream_id = p_stream ORDER BY e.revision DESC LIMIT 1;
  IF NOT FOUND THEN
    revision := -1;
    hash := repeat('0', 64);
  END IF;
END $$;

-- Whether a head matches an expected revision (>= 0 exact, -1 no stream, -2 any, -3 exists).
CREATE FUNCTION ledger_head_matches(p_expected bigint, p_revision bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT ((p_expected >= 0 AND p_revision <> p_expected)
              OR (p_expected = -1 AND p_revision <> -1)
              OR (p_expected = -3 AND p_revision = -1))
$$;

CREATE OR REPLACE FUNCTION ledger_append_one(p_stream text, p_expected bigint, p_bodies text[])
RETURNS TABLE (next_revision bigint, last_position text, actual_revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_head record;
BEGIN
  SELECT * INTO v_head FROM ledger_head(p_stream);
  IF NOT ledger_head_matches(p_expected, v_head.revision) THEN
    RETURN QUERY SELECT NULL::bigint, NULL::text, v_head.revision;
    RETURN;
  END IF;
  RETURN QUERY SELECT a.next_revision, a.last_position, NULL::bigint
    FROM ledger_append_after(p_stream, v_head.revision, v_head.hash, p_bodies) a;
END $$;

DROP FUNCTION ledger_append_batch(text[], bigint[], int[], text[], boolean[]);

CREATE FUNCTION ledger_append_batch(
  p_streams text[], p_expected bigint[], p_sizes int[], p_bodies text[], p_all_or_none boolean[])
RETURNS TABLE (item int, next_revision bigint, last_position text, actual_revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_revisions bigint[] := '{}';
  v_hashes    text[] := '{}';
  v_head      record;
  v_result    record;
  v_offset    int := 0;
BEGIN
  -- Every head first, before the first write gives this transaction its id.
  FOR s IN 1 .. cardinality(p_streams) LOOP
    SELECT * INTO v_head FROM ledger_head(p_streams[s]);
    v_revisions[s] := v_head.revision;
    v_hashes[s] := v_head.hash;
    IF p_all_or_none[s] AND NOT ledger_head_matches(p_expected[s], v_head.revision) THEN
      RAISE EXCEPTION 'wrong expected revision'
        USING ERRCODE = 'LG409', DETAIL = s::text || ':' || v_head.revision::text;
    END IF;
  END LOOP;
  FOR s IN 1 .. cardinality(p_streams) LOOP
    item := s;
    IF ledger_head_matches(p_expected[s], v_revisions[s]) THEN
      SELECT * INTO v_result FROM ledger_append_after(
        p_streams[s], v_revisions[s], v_hashes[s], p_bodies[v_offset + 1 : v_offset + p_sizes[s]]);
      next_revision := v_result.next_revision;
      last_position := v_result.last_position;
      actual_revision := NULL;
    ELSE
      next_revision := NULL;
      last_position := NULL;
      actual_revision := v_revisions[s];
    END IF;
    RETURN NEXT;
    v_offset := v_offset + p_sizes[s];
  END LOOP;
END $$;

-- Down Migration
DROP FUNCTION ledger_append_batch(text[], bigint[], int[], text[], boolean[]);

CREATE FUNCTION ledger_append_batch(
  p_streams text[], p_expected bigint[], p_sizes int[], p_bodies text[], p_all_or_none boolean[])
RETURNS TABLE (item int, next_revision bigint, last_position text, actual_revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_offset int := 0;
  v_result record;
BEGIN
  FOR s IN 1 .. cardinality(p_streams) LOOP
    SELECT * INTO v_result
      FROM ledger_append_one(p_streams[s], p_expected[s], p_bodies[v_offset + 1 : v_offset + p_sizes[s]]);
    IF v_result.next_revision IS NULL AND p_all_or_none[s] THEN
      RAISE EXCEPTION 'wrong expected revision'
        USING ERRCODE = 'LG409', DETAIL = s::text || ':' || v_result.actual_revision::text;
    END IF;
    item := s;
    next_revision := v_result.next_revision;
    last_position := v_result.last_position;
    actual_revision := v_result.actual_revision;
    RETURN NEXT;
    v_offset := v_offset + p_sizes[s];
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION ledger_append_one(p_stream text, p_expected bigint, p_bodies text[])
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

DROP FUNCTION ledger_head_matches(bigint, bigint);
DROP FUNCTION ledger_head(text);
DROP FUNCTION ledger_append_after(text, bigint, text, text[]);
