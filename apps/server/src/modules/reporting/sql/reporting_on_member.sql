-- reporting_on_member: A registered player counted in the player report.
-- Owner: reporting (it reacts to members (member) but writes the reporting counters).
--
-- As migration 0170_reporting explained it:
-- A player registered (agents and trial accounts are not players).
-- requires: reporting_add_players
CREATE OR REPLACE FUNCTION reporting_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_add_players(date_trunc('hour', NEW.created_at, 'UTC'), 1, 0, 0);
  RETURN NULL;
END;
$$;
