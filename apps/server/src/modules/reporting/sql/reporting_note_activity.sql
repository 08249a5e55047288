-- reporting_note_activity: Notes a member's stake in an hour for the activity counters (first stake of the hour only).
-- Owner: reporting (writes only reporting tables).
--
-- As migration 0170_reporting explained it:
-- A stake by a member at p_at. Only a member's first stake in an hour does more than one index
-- probe; an hour recorded out of order (a transaction that started earlier committing later)
-- also moves its successor's event, so the counts stay exact in any order.
-- requires: reporting_activity_add
-- requires: reporting_stripe
CREATE OR REPLACE FUNCTION reporting_note_activity(p_member bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', p_at, 'UTC');
  v_prev timestamptz;
  v_next timestamptz;
  v_stripe smallint := reporting_stripe();
BEGIN
  INSERT INTO reporting_member_hours (member_id, hour) VALUES (p_member, v_hour) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT max(h.hour) INTO v_prev FROM reporting_member_hours AS h WHERE h.member_id = p_member AND h.hour < v_hour;
  SELECT min(h.hour) INTO v_next FROM reporting_member_hours AS h WHERE h.member_id = p_member AND h.hour > v_hour;
  PERFORM reporting_activity_add(v_hour, v_prev, 1, v_stripe);
  IF v_next IS NOT NULL THEN
    PERFORM reporting_activity_add(v_next, v_prev, -1, v_stripe);
    PERFORM reporting_activity_add(v_next, v_hour, 1, v_stripe);
  END IF;
END;
$$;
