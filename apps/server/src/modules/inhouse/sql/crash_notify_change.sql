-- crash_notify_change: Announces a crash round's phase change or a bet placed or cashed out, at commit.
-- Owner: inhouse (a trigger function on its crash tables, migration 0720).
--
-- Every instance listens on wps_crash_change and pushes the round's state to the live pages it
-- holds open (modules/inhouse/crash/crash-live.ts), whichever instance wrote the change.
CREATE OR REPLACE FUNCTION crash_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_crash_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
