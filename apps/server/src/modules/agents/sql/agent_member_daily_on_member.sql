-- agent_member_daily_on_member: A registration added to the member-day rows.
-- Owner: agents (it reacts to members (member) but writes agent_member_daily).
--
-- As migration 0306_agent_member_daily_operator_days explained it:

-- requires: agent_member_daily_add
-- requires: agent_member_daily_zone
CREATE OR REPLACE FUNCTION agent_member_daily_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.id, (NEW.created_at AT TIME ZONE agent_member_daily_zone())::date, 1, 0, 0, 0, 0, 0);
  RETURN NULL;
END;
$$;
