-- vip_notify_all: Announces a VIP setup change at commit (every member's cache is dropped).
-- Owner: loyalty (a trigger function on its own tables).
--
-- As migration 0695_vip_change_notify explained it:

CREATE OR REPLACE FUNCTION vip_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_vip_change', '*');
  RETURN NULL;
END;
$$;
