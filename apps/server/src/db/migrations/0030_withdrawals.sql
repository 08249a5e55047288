-- Withdrawal module: orders whose money sits in a ledger hold until the operator approves
-- (hold posted to the payout account) or rejects (hold voided back to the player), and the
-- player's proof images for a "not received" answer. Amounts are bigint minor units.

CREATE TABLE withdrawal_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- The client's key for this request: a retry with the same key returns the same order.
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  hold_id bigint NOT NULL REFERENCES ledger_holds (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'disputed', 'completed')),
  confirmation text CHECK (confirmation IN ('received', 'fully_paid', 'not_received', 'auto_received')),
  -- A snapshot of the bank account at request time: later edits of the binding do not change a payout.
  bank_account_id text NOT NULL,
  bank_code text NOT NULL,
  bank_name text NOT NULL,
  account_number text NOT NULL,
  holder_name text NOT NULL,
  reject_reason text,
  resolution_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  confirm_deadline timestamptz,
  confirmed_at timestamptz,
  resolved_at timestamptz,
  CONSTRAINT withdrawal_orders_member_key UNIQUE (member_id, idempotency_key),
  CONSTRAINT withdrawal_orders_hold_key UNIQUE (hold_id),
  -- Approved (and later) orders have a deadline; a confirmation exists only after approval.
  CONSTRAINT withdrawal_orders_deadline CHECK (status IN ('pending', 'rejected') OR confirm_deadline IS NOT NULL),
  CONSTRAINT withdrawal_orders_confirmation CHECK (confirmation IS NULL OR status IN ('disputed', 'completed'))
);
CREATE INDEX withdrawal_orders_member_idx ON withdrawal_orders (member_id, created_at DESC);
CREATE INDEX withdrawal_orders_status_idx ON withdrawal_orders (status, id);
-- The auto-receipt job scans only approved orders by deadline.
CREATE INDEX withdrawal_orders_deadline_idx ON withdrawal_orders (confirm_deadline) WHERE status = 'approved';

CREATE TABLE withdrawal_proofs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawal_orders (id),
  -- Random file name under DATA_DIR/uploads/withdrawal-proofs (never the client's name).
  stored_name text NOT NULL UNIQUE CHECK (stored_name ~ '^[a-f0-9]{32}\.(png|jpg)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_proofs_withdrawal_idx ON withdrawal_proofs (withdrawal_id);

-- The account record lists a player's entries newest first, filtered by date.
CREATE INDEX IF NOT EXISTS ledger_transactions_created_idx ON ledger_transactions (created_at);
