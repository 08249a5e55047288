-- ledger_check_balanced: Deferred check at commit that each ledger transaction's entries sum to zero.
-- Owner: ledger (checks ledger rows only).
--
-- As migration 0003_ledger explained it:
-- Balanced: checked at commit, once every entry of the transaction is in.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id bigint;
  total numeric;
  n integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    tx_id := NEW.transaction_id;
  ELSE
    tx_id := NEW.id;
  END IF;
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_entries WHERE transaction_id = tx_id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (% entries, sum %)', tx_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
