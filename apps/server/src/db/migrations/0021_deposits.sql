-- Deposit module: channels the operator configures, and the players' deposit orders.
-- Amounts are bigint minor units of the channel currency.

CREATE TABLE deposit_channels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  type text NOT NULL CHECK (type IN ('manual_bank', 'gateway')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  -- The player pays the fee: it is taken from the credited amount (decisions.md).
  fee_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (fee_fixed_minor >= 0),
  fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 10000),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  -- manual_bank: where the player sends the money.
  bank_name text,
  account_number text,
  account_holder text,
  -- gateway: which provider implementation handles it.
  provider text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_channels_range CHECK (max_minor >= min_minor),
  CONSTRAINT deposit_channels_manual_details CHECK (
    type <> 'manual_bank' OR (bank_name IS NOT NULL AND account_number IS NOT NULL AND account_holder IS NOT NULL)),
  CONSTRAINT deposit_channels_gateway_provider CHECK (type <> 'gateway' OR provider IS NOT NULL)
);

CREATE TABLE deposit_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  channel_id bigint NOT NULL REFERENCES deposit_channels (id),
  channel_type text NOT NULL CHECK (channel_type IN ('manual_bank', 'gateway')),
  provider text,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  -- What reaches the wallet: amount - fee, fixed when the order is created.
  credit_minor bigint NOT NULL CHECK (credit_minor > 0 AND credit_minor + fee_minor = amount_minor),
  -- The code the player writes on a bank transfer; unique so a transfer names one order.
  reference_code text NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'failed', 'expired')),
  -- The gateway's id for the payment and the page where the player pays it.
  provider_ref text,
  pay_url text,
  failure_reason text,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  resolved_at timestamptz,
  -- 'operator:<id>', 'webhook:<provider>' or 'system:expiry'.
  resolved_by text,
  CONSTRAINT deposit_orders_reference_code_key UNIQUE (reference_code),
  CONSTRAINT deposit_orders_member_idempotency_key UNIQUE (member_id, idempotency_key),
  CONSTRAINT deposit_orders_credited_has_transaction CHECK ((status = 'credited') = (ledger_transaction_id IS NOT NULL))
);
CREATE UNIQUE INDEX deposit_orders_provider_ref_key ON deposit_orders (provider, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX deposit_orders_member_idx ON deposit_orders (member_id, id DESC);
CREATE INDEX deposit_orders_status_idx ON deposit_orders (status, id DESC);
CREATE INDEX deposit_orders_pending_expiry_idx ON deposit_orders (expires_at) WHERE status = 'pending';

-- The built-in sandbox payment gateway keeps its own state, as an outside gateway would.
CREATE TABLE sandbox_payments (
  payment_ref text PRIMARY KEY,
  -- The merchant's order id: one payment per order, so a retried create returns the same one.
  merchant_ref text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  return_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT sandbox_payments_merchant_ref_key UNIQUE (merchant_ref)
);
