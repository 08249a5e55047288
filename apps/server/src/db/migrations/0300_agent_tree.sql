-- The agent tree as a closure table: one row for every (ancestor, descendant) pair of the tree
-- that members.upline_id draws, with the distance between them, and a row (m, m, 0) for every
-- member. "Everyone under X, at any depth" is then an index range on (ancestor_id), and "the
-- chain above X" one on (descendant_id), with no recursion at read time.
--
-- members.upline_id stays the source of truth; the rows here are kept in step by triggers on the
-- members table, so that no code path that inserts a member or changes an upline (registration,
-- an operator's move, an import, a fix by hand) can leave the tree stale.

CREATE TABLE agent_tree (
  ancestor_id bigint NOT NULL REFERENCES members (id),
  descendant_id bigint NOT NULL REFERENCES members (id),
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
-- The chain above a member, nearest first.
CREATE INDEX agent_tree_descendant_idx ON agent_tree (descendant_id, depth);
-- One level of a team (the direct downlines are depth 1).
CREATE INDEX agent_tree_ancestor_depth_idx ON agent_tree (ancestor_id, depth);

-- Registrations take this advisory lock shared and upline changes take it exclusive: a member
-- registered under a branch while that branch moves would otherwise copy the chain its
-- snapshot saw before the move. Shared holders never wait for each other, so registrations stay
-- parallel; a move (a rare operator action) waits for those in flight and briefly holds new ones.
CREATE FUNCTION agent_tree_lock_key() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT 727274300::bigint $$;

CREATE FUNCTION agent_tree_on_member_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER agent_tree_members_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION agent_tree_on_member_insert();

-- A changed upline moves the member with everyone under it: the pairs that link the subtree to
-- its old ancestors go, and every new ancestor is paired with every member of the subtree. An
-- upline inside the member's own subtree would make a cycle: refused here as the last guard
-- (the agents module checks first and answers a stable error code).
CREATE FUNCTION agent_tree_on_upline_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER agent_tree_members_upline AFTER UPDATE OF upline_id ON members
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION agent_tree_on_upline_change();

-- The members that exist already: their own rows, then every ancestor by walking upline_id.
INSERT INTO agent_tree (ancestor_id, descendant_id, depth) SELECT id, id, 0 FROM members;
WITH RECURSIVE chain (ancestor_id, descendant_id, depth) AS (
  SELECT upline_id, id, 1 FROM members WHERE upline_id IS NOT NULL
  UNION ALL
  SELECT m.upline_id, c.descendant_id, c.depth + 1
    FROM chain AS c JOIN members AS m ON m.id = c.ancestor_id
   WHERE m.upline_id IS NOT NULL
)
INSERT INTO agent_tree (ancestor_id, descendant_id, depth) SELECT ancestor_id, descendant_id, depth FROM chain;
