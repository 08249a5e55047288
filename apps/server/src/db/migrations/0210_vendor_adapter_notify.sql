-- Gateway module: players are shown only vendors that can launch (a connected adapter). Every
-- instance keeps the adapters in memory, and the catalogue's player lists depend on them, so any
-- write to vendor_adapters (the back office, `npm run ops`, a start-up registration) is announced
-- at commit, whoever writes, and every instance evicts its copies.
CREATE FUNCTION vendor_adapters_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_vendor_adapter_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER vendor_adapters_notify_change AFTER INSERT OR UPDATE OR DELETE ON vendor_adapters
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_adapters_notify_change();
