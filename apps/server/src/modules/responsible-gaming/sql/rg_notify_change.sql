-- rg_notify_change: Announces a player's limit, exclusion or reality-check change at commit so every instance evicts it.
-- Owner: responsible-gaming (a trigger function on its own tables).
--
-- As migration 0330_responsible_gaming explained it:
-- Limits, exclusions and reality checks are cached per instance for the bet path; a change on any
-- instance evicts the player's entry everywhere (payload: the member id).
CREATE OR REPLACE FUNCTION rg_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_rg_change', COALESCE(NEW.member_id, OLD.member_id)::text);
  RETURN NULL;
END $$;
