-- reward_events_on_rounds_updated: Statement trigger recording settled rounds as reward events.
-- Owner: rewards (it reacts to game_rounds (gateway) but writes reward_events).
--
-- As migration 0318_round_triggers_per_statement explained it:
-- A round settled: the rewards' event (0240's row, trial players left out), with the round's
-- totals as now recorded, in round id order.
-- requires: reward_event_member_plays
CREATE OR REPLACE FUNCTION reward_events_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most statements are a bet or a win on an open round: nothing settled, nothing to group.
  IF NOT EXISTS (SELECT 1 FROM game_rounds_new AS n WHERE n.status = 'settled') THEN
    RETURN NULL;
  END IF;
  INSERT INTO reward_events (kind, member_id, data)
  SELECT 'round_settled', s.member_id, jsonb_build_object(
      'roundId', s.id::text, 'vassalage', s.vassalage, 'nodeId', s.node_id, 'currency', s.currency,
      'bet', s.total_bet::text, 'win', s.total_win::text, 'refund', s.total_refund::text)
  FROM (
    SELECT x.id, max(x.member_id) AS member_id, max(x.vassalage) AS vassalage, max(x.node_id) AS node_id, max(x.currency) AS currency,
      max(x.total_bet) AS total_bet, max(x.total_win) AS total_win, max(x.total_refund) AS total_refund
    FROM (
      SELECT n.id, n.member_id, n.vassalage, n.node_id, n.currency, n.total_bet, n.total_win, n.total_refund, 1 AS k
      FROM game_rounds_new AS n WHERE n.status = 'settled'
      UNION ALL
      SELECT o.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, -1 FROM game_rounds_old AS o WHERE o.status = 'settled'
    ) AS x
    GROUP BY x.id
    HAVING sum(x.k) = 1
  ) AS s
  WHERE reward_event_member_plays(s.member_id)
  ORDER BY s.id;
  RETURN NULL;
END;
$$;
