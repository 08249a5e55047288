-- In-process caches of member reads (sessions, member info) are evicted on every instance when
-- a member row changes, whoever writes it: the notification is sent at commit.
CREATE FUNCTION members_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_member_change', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER members_notify_change AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION members_notify_change();
