-- The rebate pays a period at the rates in force when that period ran, not at those of the day it
-- is paid (docs/decisions.md, "The rebate pays at the rates its period ran under"). The payment
-- read `rebate_settings.rates` as they stood at the claim or at the automatic run, so an operator
-- who lowered a rate on Tuesday cut Monday's rebate that a player claimed on Wednesday.
--
-- Every change of the rates is kept as a version with the moment it took effect; a period is paid
-- at the version in force at its end (the last one that took effect before the period ended).
-- `rebate_settings.rates` stays the current rates (the back office's form, the player's page) and
-- is written in the same transaction as the version, under the settings row's lock.
CREATE TABLE rebate_rate_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rates jsonb NOT NULL,
  -- The service's calendar clock at the change (the clock the periods are cut by).
  effective_from timestamptz NOT NULL,
  created_by bigint REFERENCES operators (id)
);
CREATE INDEX rebate_rate_versions_effective_idx ON rebate_rate_versions (effective_from DESC, id DESC);

-- The rates as they stand now have been in force as far as this table knows: every period not paid
-- yet is paid at them, as it would have been before.
INSERT INTO rebate_rate_versions (rates, effective_from, created_by)
SELECT rates, '-infinity', updated_by FROM rebate_settings;

-- Versions are history: never changed, never removed.
CREATE FUNCTION rebate_rate_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rebate_rate_versions is append-only';
END;
$$;
CREATE TRIGGER rebate_rate_versions_append_only BEFORE UPDATE OR DELETE ON rebate_rate_versions
  FOR EACH ROW EXECUTE FUNCTION rebate_rate_versions_append_only();
