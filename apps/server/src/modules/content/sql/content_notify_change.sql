-- content_notify_change: Announces any content write at commit so every instance evicts its in-memory live content.
-- Owner: content (a trigger function on its own tables).
--
-- As migration 0200_content explained it:
-- Every instance keeps the live content in memory; any write evicts it everywhere (sent at commit).
CREATE OR REPLACE FUNCTION content_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_content_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
