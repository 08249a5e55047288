-- agent_member_daily_backfill: Rebuilds the member-day rows from what exists.
-- Owner: agents (writes agent_member_daily).
--
-- As migration 0306_agent_member_daily_operator_days explained it:
-- The rebuild from what exists (this migration, and the agents benchmark after its bulk load), on the operator's days.
-- requires: agent_member_daily_zone
CREATE OR REPLACE FUNCTION agent_member_daily_backfill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_zone text := agent_member_daily_zone();
BEGIN
  DELETE FROM agent_member_daily;
  INSERT INTO agent_member_daily (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  SELECT member_id, day, sum(reg), sum(bets), sum(refunds), sum(wins), sum(deposits), sum(withdrawals)
  FROM (
    SELECT id AS member_id, (created_at AT TIME ZONE v_zone)::date AS day, 1 AS reg, 0 AS bets, 0 AS refunds, 0 AS wins, 0 AS deposits, 0 AS withdrawals
      FROM members WHERE type <> 4
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE v_zone)::date, 0, total_bet, total_refund, total_win, 0, 0 FROM game_rounds
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE v_zone)::date, 0, 0, 0, 0, amount_minor, 0 FROM deposit_orders WHERE status = 'credited'
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE v_zone)::date, 0, 0, 0, 0, 0, amount FROM withdrawal_orders WHERE status IN ('approved', 'completed')
  ) AS x
  GROUP BY member_id, day;
END;
$$;
