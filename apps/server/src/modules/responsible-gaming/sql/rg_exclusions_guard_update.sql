-- rg_exclusions_guard_update: Keeps an exclusion's terms for good; only its ending is recorded.
-- Owner: responsible-gaming (a trigger function on its own tables).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- rg_exclusions: a time-out or self-exclusion keeps its terms (kind, start, end, the hashes that
-- refuse a new account) for good, so none is shortened by an UPDATE; while in force it records the
-- request to end an expired self-exclusion (reopen_requested_at, cooling_off_until) and its end
-- (ended_at), each once, from null (rg-access.ts). Once ended it is closed.
-- requires: records_same_except
CREATE OR REPLACE FUNCTION rg_exclusions_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.ended_at IS NULL
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW), ARRAY['reopen_requested_at', 'cooling_off_until', 'ended_at'])
     AND (OLD.reopen_requested_at IS NULL OR NEW.reopen_requested_at IS NOT DISTINCT FROM OLD.reopen_requested_at)
     AND (OLD.cooling_off_until IS NULL OR NEW.cooling_off_until IS NOT DISTINCT FROM OLD.cooling_off_until) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: rg_exclusions % is closed or keeps its terms (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'an exclusion is never shortened or reopened; a mistake is corrected by a new record';
END;
$$;
