-- agent_member_daily_on_withdrawal: A withdrawal added to the member-day rows.
-- Owner: agents (it reacts to withdrawal_orders (withdrawal) but writes agent_member_daily).
--
-- As migration 0305_agent_member_daily explained it:

-- requires: agent_member_daily_add
-- requires: agent_member_daily_today
CREATE OR REPLACE FUNCTION agent_member_daily_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, 0, 0, 0, 0, NEW.amount);
  RETURN NULL;
END;
$$;
