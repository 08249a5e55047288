-- round_counters_by_trigger: Whether round counters are kept by the per-statement triggers (false while a seamless batch counts them itself).
-- Owner: gateway (a switch the seamless batch functions set).
--
-- As migration 0693_seamless_batch_counters explained it:

CREATE OR REPLACE FUNCTION round_counters_by_trigger() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('wps.round_counters', true) IS DISTINCT FROM 'batch'
$$;
