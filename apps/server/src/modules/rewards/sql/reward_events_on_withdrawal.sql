-- reward_events_on_withdrawal: A withdrawal recorded as a reward event.
-- Owner: rewards (it reacts to withdrawal_orders (withdrawal) but writes reward_events).
--
-- As migration 0240_reward_events explained it:

CREATE OR REPLACE FUNCTION reward_events_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, data)
  VALUES ('withdrawal_requested', NEW.member_id, jsonb_build_object('orderId', NEW.id::text, 'amount', NEW.amount::text, 'currency', NEW.currency));
  RETURN NULL;
END;
$$;
