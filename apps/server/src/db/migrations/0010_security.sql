-- Security centre: the operator's bank list, players' bound bank accounts, the
-- e-mail link state, e-mail codes and the payment-password try counter. The payment password
-- hash and the payee name live on members (0002).

-- Banks the operator accepts for withdrawals. Operators edit rows (enabled, sort_order) directly
-- or through ops tooling; accounts keep their bank_code, so a bank is disabled, never deleted.
CREATE TABLE banks (
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{1,16}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Demo list: Brazilian banks by their COMPE code.
INSERT INTO banks (code, name, sort_order) VALUES
  ('001', 'Banco do Brasil', 10),
  ('104', 'Caixa Econômica Federal', 20),
  ('341', 'Itaú Unibanco', 30),
  ('237', 'Bradesco', 40),
  ('033', 'Santander Brasil', 50),
  ('260', 'Nubank', 60),
  ('077', 'Banco Inter', 70),
  ('336', 'C6 Bank', 80),
  ('212', 'Banco Original', 90),
  ('756', 'Sicoob', 100),
  ('748', 'Sicredi', 110),
  ('290', 'PagBank', 120),
  ('323', 'Mercado Pago', 130),
  ('380', 'PicPay', 140);

-- A bound account cannot be changed or deleted by the player, so rows are insert-only
-- for the player; the holder equals the member's payee name when it is bound.
CREATE TABLE member_bank_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  bank_code text NOT NULL REFERENCES banks (code),
  -- Digits only (spaces, dots and hyphens removed).
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{4,20}$'),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT member_bank_accounts_unique_key UNIQUE (member_id, bank_code, account_number)
);
CREATE INDEX member_bank_accounts_member_idx ON member_bank_accounts (member_id);

-- Link state per member. An e-mail given at registration is not verified; once verified here the
-- link is confirmed and cannot be changed or unlinked.
CREATE TABLE member_security (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  email_verified_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One live e-mail code per (purpose, member); a new send replaces the previous code. Only a salted
-- HMAC of the code is stored, bound to the address it was sent to.
CREATE TABLE email_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('bind')),
  member_id bigint NOT NULL REFERENCES members (id),
  email text NOT NULL,
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  CONSTRAINT email_codes_purpose_member_key UNIQUE (purpose, member_id)
);
CREATE INDEX email_codes_expiry_idx ON email_codes (expires_at);

-- Payment-password tries. A try is recorded as a failure before the hash is checked and deleted
-- when it succeeds, so parallel guesses cannot exceed the limit and a crash mid-check counts as a
-- failure. No foreign key: payments code may hold a lock on the member row while calling the check.
CREATE TABLE payment_password_failures (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX payment_password_failures_member_idx ON payment_password_failures (member_id, at);

-- Set when the tries run out; the password is refused until locked_until.
CREATE TABLE payment_password_locks (
  member_id bigint PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

-- SMS codes gain the 'bind' purpose (linking a mobile number from the security centre).
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('register', 'login', 'reset', 'bind'));
