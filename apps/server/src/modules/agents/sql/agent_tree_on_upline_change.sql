-- agent_tree_on_upline_change: Moves a member and its subtree in the agent tree when its upline changes.
-- Owner: agents (it reacts to members (member) but writes agent_tree).
--
-- As migration 0300_agent_tree explained it:
-- A changed upline moves the member with everyone under it: the pairs that link the subtree to
-- its old ancestors go, and every new ancestor is paired with every member of the subtree. An
-- upline inside the member's own subtree would make a cycle: refused here as the last guard
-- (the agents module checks first and answers a stable error code).
-- requires: agent_tree_lock_key
CREATE OR REPLACE FUNCTION agent_tree_on_upline_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(agent_tree_lock_key());
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'agent tree: member % cannot be placed under its own downline %', NEW.id, NEW.upline_id
      USING ERRCODE = 'check_violation';
  END IF;
  DELETE FROM agent_tree AS t
   WHERE t.descendant_id IN (SELECT s.descendant_id FROM agent_tree AS s WHERE s.ancestor_id = NEW.id)
     AND t.ancestor_id NOT IN (SELECT s.descendant_id FROM agent_tree AS s WHERE s.ancestor_id = NEW.id);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
    SELECT above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
      FROM agent_tree AS above
      CROSS JOIN agent_tree AS below
     WHERE above.descendant_id = NEW.upline_id AND below.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
