-- ledger_transactions_guard_update: Lets a ledger transaction row change only where its result is written once; refuses every other update.
-- Owner: ledger (a trigger function on its own tables).
--
-- As migration 0003_ledger explained it:

CREATE OR REPLACE FUNCTION ledger_transactions_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.result IS NULL AND NEW.result IS NOT NULL
     AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.idempotency_key = OLD.idempotency_key
     AND NEW.request_hash = OLD.request_hash AND NEW.currency = OLD.currency
     AND NEW.reference IS NOT DISTINCT FROM OLD.reference AND NEW.metadata = OLD.metadata
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_transactions is append-only (only the result may be written, once)'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
