-- reward_event_member_plays: Whether a member's actions are reward events (real players only).
-- Owner: rewards (a helper of the reward event triggers).
--
-- As migration 0240_reward_events explained it:

CREATE OR REPLACE FUNCTION reward_event_member_plays(p_member bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM members AS m WHERE m.id = p_member AND m.type <> 4);
$$;
