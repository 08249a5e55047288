-- agent_member_daily_today: Today in the operator's time zone, the agent centre's day.
-- Owner: agents (a helper of the member-day triggers).
--
-- As migration 0306_agent_member_daily_operator_days explained it:

-- requires: agent_member_daily_zone
CREATE OR REPLACE FUNCTION agent_member_daily_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE agent_member_daily_zone())::date
$$;
