-- round_counters_add: A seamless batch's round changes added to the reporting, agent-day and reward counters, as the round triggers would add them one change at a time.
-- Owner: gateway (called only by the gateway's seamless batch functions; it writes the reporting, agents and rewards counters, listed exceptions).
--
-- As migration 0693_seamless_batch_counters explained it:
-- A batch's round changes added to the counters, as the triggers of 0171, 0305 and 0318 would
-- have added them one change at a time. Arrays are parallel: one element per change.
-- p_settled are the ids of the rounds settled, p_settled_at their created_at (since migration 0765).
-- requires: agent_member_daily_today
-- requires: reporting_note_activity
-- requires: reporting_stripe
-- requires: reward_event_member_plays
CREATE OR REPLACE FUNCTION round_counters_add(
  p_member bigint[], p_vassalage text[], p_currency text[], p_bet bigint[], p_refund bigint[], p_win bigint[],
  p_first integer[], p_settled bigint[], p_settled_at timestamptz[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', now(), 'UTC');
  v_off text[];
  v_member bigint;
BEGIN
  SELECT coalesce(array_agg(t.tgname::text), '{}') INTO v_off
  FROM pg_trigger AS t
  WHERE t.tgrelid = 'game_rounds'::regclass AND t.tgenabled = 'D'
    AND t.tgname IN ('reporting_game_rounds', 'agent_member_daily_rounds', 'reward_events_game_rounds');

  IF NOT 'reporting_game_rounds' = ANY (v_off) THEN
    INSERT INTO reporting_game_hourly AS g (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
    SELECT v_hour, d.vassalage, d.currency, reporting_stripe(), sum(d.first), sum(d.bet), sum(d.refund), sum(d.win)
    FROM unnest(p_member, p_vassalage, p_currency, p_bet, p_refund, p_win, p_first) AS d(member_id, vassalage, currency, bet, refund, win, first)
    WHERE NOT EXISTS (SELECT 1 FROM members AS m WHERE m.id = d.member_id AND m.type = 4)
    GROUP BY d.vassalage, d.currency
    HAVING sum(d.bet) <> 0 OR sum(d.refund) <> 0 OR sum(d.win) <> 0
    ORDER BY d.vassalage, d.currency
    ON CONFLICT (hour, vassalage, currency, stripe) DO UPDATE
    SET rounds = g.rounds + excluded.rounds, bets = g.bets + excluded.bets, refunds = g.refunds + excluded.refunds, wins = g.wins + excluded.wins;
    -- A member's first stake of the hour notes their activity (once, as in 0171).
    FOR v_member IN
      SELECT DISTINCT d.member_id FROM unnest(p_member, p_bet) AS d(member_id, bet)
      WHERE d.bet > 0
        AND NOT EXISTS (SELECT 1 FROM members AS m WHERE m.id = d.member_id AND m.type = 4)
        AND NOT EXISTS (SELECT 1 FROM reporting_member_hours AS h WHERE h.member_id = d.member_id AND h.hour = v_hour)
      ORDER BY d.member_id
    LOOP
      PERFORM reporting_note_activity(v_member, now());
    END LOOP;
  END IF;

  IF NOT 'agent_member_daily_rounds' = ANY (v_off) THEN
    INSERT INTO agent_member_daily AS a (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
    SELECT d.member_id, agent_member_daily_today(), 0, sum(d.bet), sum(d.refund), sum(d.win), 0, 0
    FROM unnest(p_member, p_bet, p_refund, p_win) AS d(member_id, bet, refund, win)
    GROUP BY d.member_id
    HAVING sum(d.bet) <> 0 OR sum(d.refund) <> 0 OR sum(d.win) <> 0
    ORDER BY d.member_id
    ON CONFLICT (member_id, day) DO UPDATE
    SET bets = a.bets + excluded.bets, refunds = a.refunds + excluded.refunds, wins = a.wins + excluded.wins;
  END IF;

  IF cardinality(p_settled) > 0 AND NOT 'reward_events_game_rounds' = ANY (v_off) THEN
    INSERT INTO reward_events (kind, member_id, data)
    SELECT 'round_settled', r.member_id, jsonb_build_object(
        'roundId', r.id::text, 'vassalage', r.vassalage, 'nodeId', r.node_id, 'currency', r.currency,
        'bet', r.total_bet::text, 'win', r.total_win::text, 'refund', r.total_refund::text)
    FROM game_rounds AS r
    -- With their months (p_settled_at, parallel to p_settled): game_rounds is partitioned by month
    -- (migration 0765), and by id alone every month's index would be probed for each round.
    WHERE r.id = ANY (p_settled) AND r.created_at = ANY (p_settled_at) AND reward_event_member_plays(r.member_id)
    ORDER BY r.id;
  END IF;
END;
$$;
