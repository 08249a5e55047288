-- reporting_activity_add: Adds active members to the day and hour activity counters.
-- Owner: reporting (writes only reporting tables).
--
-- As migration 0170_reporting explained it:

CREATE OR REPLACE FUNCTION reporting_activity_add(p_hour timestamptz, p_prev timestamptz, p_n bigint, p_stripe smallint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reporting_activity_by_day AS a (hour, prev_day, stripe, n)
  VALUES (p_hour, coalesce(date_trunc('day', p_prev, 'UTC'), '-infinity'), p_stripe, p_n)
  ON CONFLICT (hour, prev_day, stripe) DO UPDATE SET n = a.n + excluded.n;
  IF p_prev IS NOT NULL THEN
    INSERT INTO reporting_activity_by_hour AS a (prev_hour, hour, stripe, n)
    VALUES (p_prev, p_hour, p_stripe, p_n)
    ON CONFLICT (prev_hour, hour, stripe) DO UPDATE SET n = a.n + excluded.n;
  END IF;
END;
$$;
