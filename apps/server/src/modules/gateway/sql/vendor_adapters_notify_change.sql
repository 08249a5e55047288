-- vendor_adapters_notify_change: Announces any vendor adapter write at commit so every instance reloads its adapters and catalogue lists.
-- Owner: gateway (a trigger function on its own tables).
--
-- As migration 0210_vendor_adapter_notify explained it:
-- Gateway module: players are shown only vendors that can launch (a connected adapter). Every
-- instance keeps the adapters in memory, and the catalogue's player lists depend on them, so any
-- write to vendor_adapters (the back office, `npm run ops`, a start-up registration) is announced
-- at commit, whoever writes, and every instance evicts its copies.
CREATE OR REPLACE FUNCTION vendor_adapters_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_vendor_adapter_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
