-- ledger_holds_guard_update: Lets a hold move once from pending to posted or voided, naming the resolving transaction.
-- Owner: ledger (a trigger function on its own tables).
--
-- As migration 0003_ledger explained it:
-- Holds change status once: pending → posted | voided, naming the resolving transaction.
CREATE OR REPLACE FUNCTION ledger_holds_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'pending' AND NEW.status IN ('posted', 'voided') AND NEW.resolve_transaction_id IS NOT NULL
     AND NEW.id = OLD.id AND NEW.source_account_id = OLD.source_account_id
     AND NEW.hold_account_id = OLD.hold_account_id AND NEW.amount = OLD.amount
     AND NEW.currency = OLD.currency AND NEW.create_transaction_id = OLD.create_transaction_id
     AND NEW.reference IS NOT DISTINCT FROM OLD.reference AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger hold % can only be resolved once, from pending', OLD.id
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
