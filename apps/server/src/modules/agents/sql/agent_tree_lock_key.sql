-- agent_tree_lock_key: The advisory lock key that orders registrations against upline changes in the agent tree.
-- Owner: agents (a helper of the agent tree triggers).
--
-- As migration 0300_agent_tree explained it:
-- Registrations take this advisory lock shared and upline changes take it exclusive: a member
-- registered under a branch while that branch moves would otherwise copy the chain its
-- snapshot saw before the move. Shared holders never wait for each other, so registrations stay
-- parallel; a move (a rare operator action) waits for those in flight and briefly holds new ones.
CREATE OR REPLACE FUNCTION agent_tree_lock_key() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT 727274300::bigint $$;
