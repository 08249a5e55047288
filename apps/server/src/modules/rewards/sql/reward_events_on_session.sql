-- reward_events_on_session: A login recorded as a reward event.
-- Owner: rewards (it reacts to member_sessions (session) but writes reward_events).
--
-- As migration 0240_reward_events explained it:

-- requires: reward_event_member_plays
CREATE OR REPLACE FUNCTION reward_events_on_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF reward_event_member_plays(NEW.member_id) THEN
    INSERT INTO reward_events (kind, member_id, data) VALUES ('login', NEW.member_id, jsonb_build_object('sessionId', NEW.id::text));
  END IF;
  RETURN NULL;
END;
$$;
