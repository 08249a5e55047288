-- Ledger module: double-entry accounts, balanced append-only transactions, and holds.
-- Rules: docs/architecture.md "How a ledger transaction flows". Amounts are bigint minor units.

-- One account holds one currency. Player accounts belong to a member and never go negative;
-- system accounts (house, gateway clearing, budgets) have no owner and may go negative.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
  purpose text NOT NULL CHECK (purpose ~ '^[a-z][a-z0-9_]{0,63}$'),
  -- No FK: members belong to another module; the id is enough to find the owner.
  member_id bigint,
  is_player boolean NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_player_non_negative CHECK (NOT is_player OR balance >= 0),
  CONSTRAINT ledger_accounts_player_has_owner CHECK (NOT is_player OR member_id IS NOT NULL),
  -- Lets entries prove, by foreign key, that they use the account's currency.
  CONSTRAINT ledger_accounts_id_currency_key UNIQUE (id, currency)
);
CREATE UNIQUE INDEX ledger_accounts_member_key ON ledger_accounts (member_id, purpose, currency) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (purpose, currency) WHERE member_id IS NULL;

-- A transaction is the idempotency record too: its key is inserted first, so a concurrent
-- request with the same key waits on the unique index and then reads the stored result.
CREATE TABLE ledger_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,63}$'),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  currency text NOT NULL,
  reference text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Written once, in the same database transaction, after the entries; replays return it.
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transactions_idempotency_key_key UNIQUE (idempotency_key),
  CONSTRAINT ledger_transactions_id_currency_key UNIQUE (id, currency)
);
CREATE INDEX ledger_transactions_reference_idx ON ledger_transactions (reference) WHERE reference IS NOT NULL;

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL,
  account_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  currency text NOT NULL,
  CONSTRAINT ledger_entries_transaction_fk FOREIGN KEY (transaction_id, currency) REFERENCES ledger_transactions (id, currency),
  CONSTRAINT ledger_entries_account_fk FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);

-- Two-phase money: a hold moves funds into a holding account; it is later posted (to its
-- destination) or voided (back to the source) exactly once.
CREATE TABLE ledger_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  hold_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  create_transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  resolve_transaction_id bigint REFERENCES ledger_transactions (id),
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CONSTRAINT ledger_holds_resolution CHECK ((status = 'pending') = (resolve_transaction_id IS NULL)),
  CONSTRAINT ledger_holds_create_transaction_key UNIQUE (create_transaction_id),
  CONSTRAINT ledger_holds_resolve_transaction_key UNIQUE (resolve_transaction_id)
);
CREATE INDEX ledger_holds_pending_idx ON ledger_holds (created_at) WHERE status = 'pending';

-- Append-only: entries never change; a transaction only gets its result written once.
-- A mistake is corrected by a new, reversing transaction.
CREATE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only (% rejected)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE FUNCTION ledger_transactions_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_transactions_no_delete BEFORE DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_transactions_update_once BEFORE UPDATE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_transactions_guard_update();

-- Holds change status once: pending → posted | voided, naming the resolving transaction.
CREATE FUNCTION ledger_holds_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER ledger_holds_resolve_once BEFORE UPDATE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_guard_update();
CREATE TRIGGER ledger_holds_no_delete BEFORE DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_holds_no_truncate BEFORE TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();

-- Balanced: checked at commit, once every entry of the transaction is in.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

-- System accounts of the demo operator's currency. Other currencies are created on first use.
INSERT INTO ledger_accounts (currency, purpose, member_id, is_player)
SELECT 'BRL', p, NULL, false
FROM unnest(ARRAY['house_cash', 'gateway_clearing', 'promotion_budget', 'demo_bank', 'withdrawal_hold', 'agent_salary_budget', 'adjustment']) AS p;
