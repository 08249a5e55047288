-- agent_member_daily_zone: The operator's time zone for the agent centre's days.
-- Owner: agents (a helper of the member-day triggers).
--
-- As migration 0306_agent_member_daily_operator_days explained it:

CREATE OR REPLACE FUNCTION agent_member_daily_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM reward_settings WHERE id), 'UTC')
$$;
