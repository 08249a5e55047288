-- agent_member_daily_on_round: Row trigger adding round money to the member-day rows.
-- Owner: agents (it reacts to game_rounds (gateway) but writes agent_member_daily).
--
-- As migration 0305_agent_member_daily explained it:
-- Rounds: every change of a round's totals is money moving now (the day it moved counts).
-- requires: agent_member_daily_add
-- requires: agent_member_daily_today
CREATE OR REPLACE FUNCTION agent_member_daily_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint := NEW.total_bet - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_bet END;
  v_refund bigint := NEW.total_refund - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_refund END;
  v_win bigint := NEW.total_win - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_win END;
BEGIN
  IF v_bet <> 0 OR v_refund <> 0 OR v_win <> 0 THEN
    PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, v_bet, v_refund, v_win, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
