-- vip_notify_member: Announces a member's VIP level or label change at commit.
-- Owner: loyalty (a trigger function on its own tables).
--
-- As migration 0695_vip_change_notify explained it:

CREATE OR REPLACE FUNCTION vip_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
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
