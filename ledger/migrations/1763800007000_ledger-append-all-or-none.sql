-- Up Migration

-- The batch of appends learns all-or-none groups: a multi-stream append (a stake's debit in the
-- wallet and its credit in the round) is stored whole or not at all. p_all_or_none[i] marks an
-- append that belongs to such a group: when it does not match its expected revision, the whole
-- statement fails with LG409, DETAIL "<item>:<actual revision>", and nothing of it is stored.
-- Other appends keep their own answer per row, as before.
DROP FUNCTION ledger_append_batch(text[], bigint[], int[], text[]);

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

-- Down Migration
DROP FUNCTION ledger_append_batch(text[], bigint[], int[], text[], boolean[]);

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
