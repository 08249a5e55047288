-- agent_tree_on_member_insert: Adds a new member to the agent tree under its upline.
-- Owner: agents (it reacts to members (member) but writes agent_tree).
--
-- As migration 0300_agent_tree explained it:

-- requires: agent_tree_lock_key
CREATE OR REPLACE FUNCTION agent_tree_on_member_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(agent_tree_lock_key());
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
    SELECT a.ancestor_id, NEW.id, a.depth + 1 FROM agent_tree AS a WHERE a.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END;
$$;
