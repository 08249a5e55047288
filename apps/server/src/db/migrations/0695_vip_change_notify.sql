-- Every instance keeps in memory what member info shows of the VIP programme (modules/loyalty/vip-cache.ts):
-- the levels, each member's level and each member's labels. A change tells every instance at
-- commit, whoever writes it (the consumer's upgrades, the review, the back office, a script):
--  - a member's own rows (their level, their labels) send the member's id;
--  - the shared tables (the levels, the VIP settings, the labels the operator defines) send '*',
--    and every copy is dropped: they change only when an operator saves them.
-- Repeats of one payload within a transaction are sent once.

CREATE FUNCTION vip_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('wps_vip_change', OLD.member_id::text);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM pg_notify('wps_vip_change', NEW.member_id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION vip_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_vip_change', '*');
  RETURN NULL;
END;
$$;

-- A member without a row is at level 0: a row created or removed at 0 changes nothing shown, and
-- the consumer creates one at 0 before each upgrade it checks. Marking a member reviewed leaves the
-- level alone.
CREATE TRIGGER vip_members_notify_insert AFTER INSERT ON vip_members
  FOR EACH ROW WHEN (NEW.rank_level <> 0) EXECUTE FUNCTION vip_notify_member();
CREATE TRIGGER vip_members_notify_update AFTER UPDATE OF rank_level, member_id ON vip_members
  FOR EACH ROW WHEN (OLD.rank_level IS DISTINCT FROM NEW.rank_level OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION vip_notify_member();
CREATE TRIGGER vip_members_notify_delete AFTER DELETE ON vip_members
  FOR EACH ROW WHEN (OLD.rank_level <> 0) EXECUTE FUNCTION vip_notify_member();
CREATE TRIGGER vip_members_notify_truncate AFTER TRUNCATE ON vip_members
  FOR EACH STATEMENT EXECUTE FUNCTION vip_notify_all();

CREATE TRIGGER member_label_assignments_notify AFTER INSERT OR UPDATE OR DELETE ON member_label_assignments
  FOR EACH ROW EXECUTE FUNCTION vip_notify_member();
CREATE TRIGGER member_label_assignments_notify_truncate AFTER TRUNCATE ON member_label_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION vip_notify_all();

CREATE TRIGGER vip_levels_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vip_levels
  FOR EACH STATEMENT EXECUTE FUNCTION vip_notify_all();
CREATE TRIGGER vip_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vip_settings
  FOR EACH STATEMENT EXECUTE FUNCTION vip_notify_all();
CREATE TRIGGER member_labels_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_labels
  FOR EACH STATEMENT EXECUTE FUNCTION vip_notify_all();
