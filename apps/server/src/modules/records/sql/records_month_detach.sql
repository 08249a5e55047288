-- records_month_detach: Archives a month of the partitioned records: detaches its game_rounds, round_bets and ledger_entries partitions and gives each its update refusal back; returns how many it detached.
-- Owner: records (the records module keeps "records are kept, archived by month"; it writes no row).
--
-- As migration 0765_monthly_partitions explained it:
-- Detaching a partition drops the row triggers it had cloned from its parent, so a detached month
-- would take UPDATEs (and, for the ledger, DELETEs) again. The refusals are put back on the
-- detached table, the same as the parent's; its own DELETE and TRUNCATE refusals stay with it.
-- The detached tables keep their names (game_rounds_y2026m11 …) until they are copied to the
-- archive.
CREATE OR REPLACE FUNCTION records_month_detach(p_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_suffix text := to_char(p_month, '"_y"YYYY"m"MM');
  v_done integer := 0;
BEGIN
  IF to_regclass('game_rounds' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE game_rounds DETACH PARTITION %I', 'game_rounds' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW WHEN (OLD.status = %L) EXECUTE FUNCTION records_refuse_closed_update()',
      'game_rounds' || v_suffix || '_closed_no_update', 'game_rounds' || v_suffix, 'settled');
    v_done := v_done + 1;
  END IF;
  IF to_regclass('round_bets' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE round_bets DETACH PARTITION %I', 'round_bets' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW WHEN (OLD.status <> %L) EXECUTE FUNCTION round_bets_guard_update()',
      'round_bets' || v_suffix || '_closed_no_update', 'round_bets' || v_suffix, 'pending');
    v_done := v_done + 1;
  END IF;
  IF to_regclass('ledger_entries' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE ledger_entries DETACH PARTITION %I', 'ledger_entries' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()',
      'ledger_entries' || v_suffix || '_no_update', 'ledger_entries' || v_suffix);
    v_done := v_done + 1;
  END IF;
  RETURN v_done;
END;
$$;
