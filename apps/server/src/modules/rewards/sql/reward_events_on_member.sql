-- reward_events_on_member: A registration recorded as a reward event.
-- Owner: rewards (it reacts to members (member) but writes reward_events).
--
-- As migration 0240_reward_events explained it:

CREATE OR REPLACE FUNCTION reward_events_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, occurred_at, data)
  VALUES ('registered', NEW.id, NEW.created_at,
          jsonb_build_object('type', NEW.type, 'referrerId', NEW.referrer_id::text, 'uplineId', NEW.upline_id::text));
  RETURN NULL;
END;
$$;
