-- members_notify_change: Announces a changed member row at commit so every instance evicts its cached member reads.
-- Owner: member (a trigger function on its own tables).
--
-- As migration 0007_member_change_notify explained it:
-- In-process caches of member reads (sessions, member info) are evicted on every instance when
-- a member row changes, whoever writes it: the notification is sent at commit.
CREATE OR REPLACE FUNCTION members_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_member_change', OLD.id::text);
  RETURN NULL;
END;
$$;
