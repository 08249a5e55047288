-- operator_licence_notify: Announces a licence profile change at commit.
-- Owner: licence (a trigger function on its own tables).
--
-- As migration 0561_licence_change_notify explained it:
-- Every instance keeps a copy of the licence's rules for its hot reads (a session's idle limit is
-- read on every authenticated request): a change of profile tells them all at commit.
CREATE OR REPLACE FUNCTION operator_licence_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_licence_change', NEW.profile);
  RETURN NULL;
END;
$$;
