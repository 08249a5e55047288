-- rebate_rate_versions_append_only: Refuses changes to rebate rate versions (history).
-- Owner: rebate (a trigger function on its own tables).
--
-- As migration 0495_rebate_rate_versions explained it:
-- Versions are history: never changed, never removed.
CREATE OR REPLACE FUNCTION rebate_rate_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rebate_rate_versions is append-only';
END;
$$;
