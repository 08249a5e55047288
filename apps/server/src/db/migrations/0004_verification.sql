-- Verification module: rate-limit events, captcha challenges and one-time SMS codes.

-- Sliding-log rate limiter: one row per counted event. Writers that enforce a limit take a
-- transaction-scoped advisory lock on (bucket, key) first, so the count-then-insert is atomic
-- across connections and server instances.
CREATE TABLE rate_limit_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_events_lookup_idx ON rate_limit_events (bucket, key, at);
CREATE INDEX rate_limit_events_expiry_idx ON rate_limit_events (expires_at);

-- One live captcha per client-chosen key; only a hash of the answer is stored.
CREATE TABLE captcha_challenges (
  captcha_key text PRIMARY KEY,
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_challenges_expiry_idx ON captcha_challenges (expires_at);

-- One live code per (purpose, full number); a new send replaces the previous code.
CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'reset')),
  phone text NOT NULL,
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  CONSTRAINT otp_codes_purpose_phone_key UNIQUE (purpose, phone)
);
CREATE INDEX otp_codes_expiry_idx ON otp_codes (expires_at);
