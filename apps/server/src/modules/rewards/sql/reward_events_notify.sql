-- reward_events_notify: Wakes the rewards engine's consumers at commit when events are added.
-- Owner: rewards (a trigger function on its own tables).
--
-- As migration 0314_reward_events_notify explained it:
-- The rewards engine's consumers are woken by their events instead of polling for them: every
-- statement that adds player events announces it on wps_reward_events at commit (an empty payload,
-- so a transaction that adds many sends one notification; PostgreSQL folds identical ones). Every
-- instance listens through its change feed and runs its consumers at once
-- (modules/rewards/reward-events.ts); while the feed is down they poll as before.
CREATE OR REPLACE FUNCTION reward_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_reward_events', '');
  RETURN NULL;
END;
$$;
