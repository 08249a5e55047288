-- reward_events_on_round: A settled round recorded as a reward event.
-- Owner: rewards (it reacts to game_rounds (gateway) but writes reward_events).
--
-- As migration 0240_reward_events explained it:
-- A round settled: its stake, refunds and wins as the round records hold them (the ledger's
-- figures, never a vendor's claim). Turnover is bet minus refund.
-- requires: reward_event_member_plays
CREATE OR REPLACE FUNCTION reward_events_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF reward_event_member_plays(NEW.member_id) THEN
    INSERT INTO reward_events (kind, member_id, data)
    VALUES ('round_settled', NEW.member_id, jsonb_build_object(
      'roundId', NEW.id::text, 'vassalage', NEW.vassalage, 'nodeId', NEW.node_id, 'currency', NEW.currency,
      'bet', NEW.total_bet::text, 'win', NEW.total_win::text, 'refund', NEW.total_refund::text));
  END IF;
  RETURN NULL;
END;
$$;
