-- kyc_notify_due: Announces a re-verification found due at commit.
-- Owner: kyc (a trigger function on its own tables).
--
-- As migration 0420_kyc_change_feed explained it:
-- A face check found due at login (kyc_members.reverify_due_at set) is announced to every
-- instance, so each can keep "no re-verification due" per player in memory for the play path
-- (modules/kyc/kyc-tiers.ts, `dueSince`): a ticket, a launch or a bet then costs no query for it.
-- Only the way into "due" is announced; the way out (a passed face check) needs no eviction, as
-- the instances never keep a "due" answer.
CREATE OR REPLACE FUNCTION kyc_notify_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_kyc_change', NEW.member_id::text);
  RETURN NULL;
END $$;
