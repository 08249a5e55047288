-- agent_member_daily_on_rounds_updated: Statement trigger adding round money to the member-day rows.
-- Owner: agents (it reacts to game_rounds (gateway) but writes agent_member_daily).
--
-- As migration 0318_round_triggers_per_statement explained it:
-- The agents' member-day rows (0305's figures, every member), one upsert per member in id order.
-- requires: agent_member_daily_today
CREATE OR REPLACE FUNCTION agent_member_daily_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_member_daily AS a (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  SELECT x.member_id, agent_member_daily_today(), 0, sum(x.bet), sum(x.refund), sum(x.win), 0, 0
  FROM (
    SELECT n.member_id, n.total_bet AS bet, n.total_refund AS refund, n.total_win AS win FROM game_rounds_new AS n
    UNION ALL
    SELECT o.member_id, -o.total_bet, -o.total_refund, -o.total_win FROM game_rounds_old AS o
  ) AS x
  GROUP BY x.member_id
  HAVING sum(x.bet) <> 0 OR sum(x.refund) <> 0 OR sum(x.win) <> 0
  ORDER BY x.member_id
  ON CONFLICT (member_id, day) DO UPDATE
  SET bets = a.bets + excluded.bets, refunds = a.refunds + excluded.refunds, wins = a.wins + excluded.wins;
  RETURN NULL;
END;
$$;
