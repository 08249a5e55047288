-- ledger_reject_change: Refuses UPDATE/DELETE of ledger entries, transactions and holds (append-only money records).
-- Owner: ledger (a trigger function on its own tables).
--
-- As migration 0003_ledger explained it:
-- Append-only: entries never change; a transaction only gets its result written once.
-- A mistake is corrected by a new, reversing transaction.
CREATE OR REPLACE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only (% rejected)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
