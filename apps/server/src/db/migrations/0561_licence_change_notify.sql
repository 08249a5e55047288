-- Every instance keeps a copy of the licence's rules for its hot reads (a session's idle limit is
-- read on every authenticated request): a change of profile tells them all at commit.
CREATE FUNCTION operator_licence_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_licence_change', NEW.profile);
  RETURN NULL;
END;
$$;

CREATE TRIGGER operator_licence_notify
  AFTER INSERT OR UPDATE ON operator_licence
  FOR EACH ROW EXECUTE FUNCTION operator_licence_notify();
