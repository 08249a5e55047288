-- catalogue_notify_change: Announces any vendor or game write at commit so every instance evicts its in-memory catalogue.
-- Owner: catalogue (a trigger function on its own tables).
--
-- As migration 0040_catalogue explained it:
-- Every instance keeps the catalogue in memory for the lobby's hot reads; any write to vendors or
-- games evicts it everywhere, whoever writes (the notification is sent at commit).
CREATE OR REPLACE FUNCTION catalogue_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_catalogue_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
