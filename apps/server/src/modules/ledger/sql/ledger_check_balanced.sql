-- ledger_check_balanced: Deferred check at commit that each ledger transaction's entries sum to zero.
-- Owner: ledger (checks ledger rows only).
--
-- As migration 0003_ledger explained it:
-- Balanced: checked at commit, once every entry of the transaction is in.
--
-- Since migration 0765_monthly_partitions ledger_entries is partitioned by month: the entries are
-- looked for in the transaction's month only (its created_at, which its entries share), so an
-- entry written with another time is checked with the entries of that time, and alone refused.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id bigint;
  total numeric;
  n integer;
BEGIN
  -- On an entry the trigger runs on its month's partition, whose name is not the parent's.
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    tx_id := NEW.id;
  ELSE
    tx_id := NEW.transaction_id;
  END IF;
  -- One month only: a transaction and its entries are written with one now() (migration 0765).
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_entries
  WHERE transaction_id = tx_id AND created_at = NEW.created_at;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (% entries, sum %)', tx_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
