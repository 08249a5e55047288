-- records_month_partitions: Creates the month of p_month (UTC) for the monthly partitioned records (game_rounds, round_bets, ledger_entries), with the refusals of DELETE and TRUNCATE each partition needs of its own; returns how many it created.
-- Owner: records (the records module keeps "records are kept, archived by month" for the gateway's and the ledger's tables; it writes no row).
--
-- As migration 0765_monthly_partitions explained it:
-- PostgreSQL clones a partitioned table's row triggers onto its partitions, not its statement
-- triggers: a DELETE or TRUNCATE naming a partition itself would pass the parent's statement
-- refusals. Each month therefore gets its own. A month whose rows already sit in the table's
-- _default partition cannot be created (PostgreSQL refuses); the daily job makes each month well
-- before it starts, so _default stays empty.
CREATE OR REPLACE FUNCTION records_month_partitions(p_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (date_trunc('month', p_month::timestamp) AT TIME ZONE 'UTC');
  v_to timestamptz := ((date_trunc('month', p_month::timestamp) + interval '1 month') AT TIME ZONE 'UTC');
  v_table text;
  v_part text;
  v_refusal text;
  v_made integer := 0;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['game_rounds', 'round_bets', 'ledger_entries'] LOOP
    v_part := v_table || '_' || to_char(p_month, '"y"YYYY"m"MM');
    CONTINUE WHEN to_regclass(v_part) IS NOT NULL;
    v_refusal := CASE WHEN v_table = 'ledger_entries' THEN 'ledger_reject_change' ELSE 'records_refuse_delete' END;
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', v_part, v_table, v_from, v_to);
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      v_part || '_no_delete', v_part, v_refusal);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      v_part || '_no_truncate', v_part, v_refusal);
    v_made := v_made + 1;
  END LOOP;
  RETURN v_made;
END;
$$;
