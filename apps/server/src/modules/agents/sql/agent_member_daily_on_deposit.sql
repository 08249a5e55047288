-- agent_member_daily_on_deposit: A credited deposit added to the member-day rows.
-- Owner: agents (it reacts to deposit_orders (deposit) but writes agent_member_daily).
--
-- As migration 0305_agent_member_daily explained it:

-- requires: agent_member_daily_add
-- requires: agent_member_daily_today
CREATE OR REPLACE FUNCTION agent_member_daily_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, 0, 0, 0, NEW.amount_minor, 0);
  RETURN NULL;
END;
$$;
