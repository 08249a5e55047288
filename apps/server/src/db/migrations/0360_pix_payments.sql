-- PIX payments under a licence that pays only the player's own accounts (docs/compliance.md, "PIX"):
-- each deposit channel says what kind of money it takes, so a profile can refuse cards, crypto and
-- cash; a PIX charge carries its BR Code; a payment from someone else's CPF is returned, never
-- credited; and a player's payout accounts may be PIX keys, whose owner a directory names.

-- What a channel takes. Existing manual channels are bank transfers; existing gateway channels
-- take whatever their provider offers, which says nothing about the kind: 'other'.
ALTER TABLE deposit_channels ADD COLUMN method text NOT NULL DEFAULT 'other'
  CHECK (method IN ('pix', 'bank_transfer', 'card', 'crypto', 'cash', 'other'));
UPDATE deposit_channels SET method = 'bank_transfer' WHERE type = 'manual_bank';
-- A PIX charge is in reais (the BR Code's currency field is 986, BRL).
ALTER TABLE deposit_channels ADD CONSTRAINT deposit_channels_pix_brl CHECK (method <> 'pix' OR currency = 'BRL');

-- The demo operator's PIX channel beside its sandbox gateway (a new database gets it from the seed).
INSERT INTO deposit_channels (name, type, currency, min_minor, max_minor, fee_fixed_minor, fee_bps, enabled, sort, provider, method)
SELECT 'PIX', 'gateway', currency, min_minor, max_minor, 0, 0, true, sort, provider, 'pix'
FROM deposit_channels
WHERE type = 'gateway' AND provider = 'sandbox' AND name = 'Sandbox Pay' AND currency = 'BRL'
  AND NOT EXISTS (SELECT 1 FROM deposit_channels WHERE method = 'pix')
ORDER BY id
LIMIT 1;

-- 'returned': the payment arrived from another CPF and went back to its payer; nothing was credited.
ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check;
ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_status_check CHECK (status IN ('pending', 'credited', 'failed', 'expired', 'returned'));
ALTER TABLE deposit_orders ADD COLUMN method text NOT NULL DEFAULT 'other';
UPDATE deposit_orders SET method = 'bank_transfer' WHERE channel_type = 'manual_bank';
-- The BR Code ("copia e cola") of a PIX charge, shown to the player while it is pending.
ALTER TABLE deposit_orders ADD COLUMN pix_code text CHECK (pix_code IS NULL OR length(pix_code) <= 512);
-- Who paid, masked (***.456.789-**): enough for the player and the operator to see why a payment
-- was returned, without keeping a stranger's CPF (LGPD: data minimisation).
ALTER TABLE deposit_orders ADD COLUMN payer_cpf_masked text CHECK (payer_cpf_masked IS NULL OR length(payer_cpf_masked) <= 20);
-- When the gateway confirmed the money went back to the payer (null while it is being returned).
ALTER TABLE deposit_orders ADD COLUMN returned_at timestamptz;

-- The sandbox gateway's side: the CPF the merchant expects to pay, the CPF that paid, and the return.
ALTER TABLE sandbox_payments ADD COLUMN method text NOT NULL DEFAULT 'other';
ALTER TABLE sandbox_payments ADD COLUMN pix_code text;
ALTER TABLE sandbox_payments ADD COLUMN expected_payer_cpf text CHECK (expected_payer_cpf IS NULL OR expected_payer_cpf ~ '^[0-9]{11}$');
ALTER TABLE sandbox_payments ADD COLUMN payer_cpf text CHECK (payer_cpf IS NULL OR payer_cpf ~ '^[0-9]{11}$');
ALTER TABLE sandbox_payments ADD COLUMN returned_at timestamptz;

-- The sandbox PIX directory (what the Banco Central's DICT is for a real provider): accounts with
-- their owner's CPF and name, and the PIX keys that point at them. Testers list entries on its page.
CREATE TABLE pix_directory_sandbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_type text CHECK (key_type IN ('cpf', 'email', 'phone', 'evp')),
  key_value text,
  owner_cpf text NOT NULL CHECK (owner_cpf ~ '^[0-9]{11}$'),
  owner_name text NOT NULL CHECK (length(owner_name) BETWEEN 1 AND 128),
  bank_code text NOT NULL CHECK (bank_code ~ '^[A-Za-z0-9_-]{1,16}$'),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{4,20}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pix_directory_sandbox_key CHECK ((key_type IS NULL) = (key_value IS NULL))
);
CREATE UNIQUE INDEX pix_directory_sandbox_key_idx ON pix_directory_sandbox (key_type, key_value) WHERE key_value IS NOT NULL;
-- The expiry sweep asks the gateway again about returns it has not confirmed.
CREATE INDEX deposit_orders_unreturned_idx ON deposit_orders (id) WHERE status = 'returned' AND returned_at IS NULL;

CREATE INDEX pix_directory_sandbox_account_idx ON pix_directory_sandbox (bank_code, account_number);

-- A bound payout account may be a PIX key: the account the directory named for it, and the key
-- the payout is sent to. A plain account stays unique per member; a key is unique per member.
ALTER TABLE member_bank_accounts ADD COLUMN pix_key_type text CHECK (pix_key_type IN ('cpf', 'email', 'phone', 'evp'));
ALTER TABLE member_bank_accounts ADD COLUMN pix_key text CHECK (pix_key IS NULL OR length(pix_key) BETWEEN 1 AND 77);
ALTER TABLE member_bank_accounts ADD CONSTRAINT member_bank_accounts_pix_key CHECK ((pix_key_type IS NULL) = (pix_key IS NULL));
ALTER TABLE member_bank_accounts DROP CONSTRAINT member_bank_accounts_unique_key;
CREATE UNIQUE INDEX member_bank_accounts_unique_key ON member_bank_accounts (member_id, bank_code, account_number) WHERE pix_key IS NULL;
CREATE UNIQUE INDEX member_bank_accounts_pix_key_unique ON member_bank_accounts (member_id, pix_key_type, pix_key) WHERE pix_key IS NOT NULL;

-- A withdrawal's snapshot names the PIX key it was sent to, when it was one.
ALTER TABLE withdrawal_orders ADD COLUMN pix_key_type text CHECK (pix_key_type IN ('cpf', 'email', 'phone', 'evp'));
ALTER TABLE withdrawal_orders ADD COLUMN pix_key text;
