-- reward_events_on_deposit: A credited deposit recorded as a reward event.
-- Owner: rewards (it reacts to deposit_orders (deposit) but writes reward_events).
--
-- As migration 0240_reward_events explained it:
-- A deposit credited (the status moves to credited once). "first" is whether no other order of the
-- member was credited before it.
CREATE OR REPLACE FUNCTION reward_events_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, data)
  VALUES ('deposit_credited', NEW.member_id, jsonb_build_object(
    'orderId', NEW.id::text, 'amount', NEW.amount_minor::text, 'credit', NEW.credit_minor::text, 'currency', NEW.currency,
    'first', NOT EXISTS (SELECT 1 FROM deposit_orders AS o WHERE o.member_id = NEW.member_id AND o.status = 'credited' AND o.id <> NEW.id)));
  RETURN NULL;
END;
$$;
