-- reporting_stripe: The counter stripe this backend writes to, spreading hot counter rows to avoid lock waits.
-- Owner: reporting (a helper of the reporting counters).
--
-- As migration 0170_reporting explained it:

CREATE OR REPLACE FUNCTION reporting_stripe() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
