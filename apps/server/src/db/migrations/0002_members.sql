-- Member module: player and agent accounts, affiliate/referral codes, sessions, password-reset
-- tokens and free-play grants. Secrets (passwords, tokens) are stored only as hashes.

CREATE TABLE members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stored lower-case; the unique index below makes names case-insensitive anyway.
  account text NOT NULL CHECK (account = lower(account) AND length(account) BETWEEN 1 AND 64),
  nickname text,
  -- 3 member, 4 trial, 1/2/41/42 agents.
  type smallint NOT NULL DEFAULT 3 CHECK (type IN (1, 2, 3, 4, 41, 42)),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- "scrypt$<logN>$<r>$<p>$<salt>$<hash>": the parameters travel with the hash.
  password_hash text NOT NULL,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  must_change_password boolean NOT NULL DEFAULT false,
  payment_password_hash text,
  dialing_code text,
  mobile text,
  email text,
  payee_name text,
  qq text,
  line text,
  whatsapp text,
  zalo text,
  facebook text,
  wechat text,
  id_number text,
  language text NOT NULL DEFAULT 'PT',
  -- The agent whose affiliate code the player registered with, and the member who referred them.
  upline_id bigint REFERENCES members (id),
  referrer_id bigint REFERENCES members (id),
  register_domain text,
  register_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- NULL until the first login: drives firstTimeLogin.
  last_login_at timestamptz
);
-- The race-safe guard for registration: of parallel inserts of one name exactly one succeeds.
CREATE UNIQUE INDEX members_account_key ON members (lower(account));
CREATE UNIQUE INDEX members_mobile_key ON members (coalesce(dialing_code, ''), mobile) WHERE mobile IS NOT NULL;
CREATE INDEX members_upline_idx ON members (upline_id) WHERE upline_id IS NOT NULL;

-- Affiliate codes belong to agents; referral codes to any member. A code bound to a domain is
-- only valid on that domain (or its subdomains).
CREATE TABLE affiliate_codes (
  code text PRIMARY KEY CHECK (code = lower(code) AND length(code) BETWEEN 1 AND 64),
  kind text NOT NULL DEFAULT 'affiliate' CHECK (kind IN ('affiliate', 'referral')),
  member_id bigint NOT NULL REFERENCES members (id),
  domain text CHECK (domain IS NULL OR domain = lower(domain)),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX affiliate_codes_member_idx ON affiliate_codes (member_id);

-- A session is found by the SHA-256 of its token; the token itself is never stored.
CREATE TABLE member_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  -- Set at login when the password must be changed first (default or expired password).
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Absolute expiry; the idle expiry is computed from last_seen_at.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  CONSTRAINT member_sessions_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id) WHERE revoked_at IS NULL;
CREATE INDEX member_sessions_expiry_idx ON member_sessions (expires_at);

-- Forgot-by-email links: single use, short-lived, stored as SHA-256.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_member_idx ON password_reset_tokens (member_id);

-- Free-play idempotency: one trial account per (hashed) client key, so parallel or repeated
-- requests with one key share one account and one demo credit.
CREATE TABLE freeplay_grants (
  grant_key text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
