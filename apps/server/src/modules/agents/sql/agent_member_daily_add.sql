-- agent_member_daily_add: Adds to one member-day row of the agent centre.
-- Owner: agents (writes agent_member_daily (the agent centre, part of the agents module)).
--
-- As migration 0305_agent_member_daily explained it:

CREATE OR REPLACE FUNCTION agent_member_daily_add(p_member bigint, p_day date, p_reg integer, p_bets bigint, p_refunds bigint, p_wins bigint, p_deposits bigint, p_withdrawals bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO agent_member_daily AS d (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  VALUES (p_member, p_day, p_reg, p_bets, p_refunds, p_wins, p_deposits, p_withdrawals)
  ON CONFLICT (member_id, day) DO UPDATE
  SET registrations = d.registrations + excluded.registrations, bets = d.bets + excluded.bets, refunds = d.refunds + excluded.refunds,
      wins = d.wins + excluded.wins, deposits = d.deposits + excluded.deposits, withdrawals = d.withdrawals + excluded.withdrawals;
$$;
