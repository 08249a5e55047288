-- The agent centre's daily figures on the operator's days, not UTC's: "today" for a team in
-- São Paulo began at 03:00 UTC, and 0305 counted a round at 01:00 local time in the day before.
-- The day is now the operator's time zone (reward_settings.time_zone, where every other period of
-- the operator begins: rewards, missions, rebates, agents' settlement). A later change of that zone
-- moves the days of what is written after it; rows already written keep the day they were given.

CREATE FUNCTION agent_member_daily_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM reward_settings WHERE id), 'UTC')
$$;

CREATE OR REPLACE FUNCTION agent_member_daily_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE agent_member_daily_zone())::date
$$;

CREATE OR REPLACE FUNCTION agent_member_daily_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.id, (NEW.created_at AT TIME ZONE agent_member_daily_zone())::date, 1, 0, 0, 0, 0, 0);
  RETURN NULL;
END;
$$;

-- The rebuild from what exists (this migration, and the agents benchmark after its bulk load), on the operator's days.
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
SELECT agent_member_daily_backfill();
