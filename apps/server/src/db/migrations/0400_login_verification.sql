-- Verification of a password login from a device the account has not remembered
-- (docs/decisions.md, "Login from a new device"). Only hashes are stored: a stolen copy of
-- these tables opens no login.

-- One row per login attempt that was asked for a code. member_id is null when the account was
-- unknown, the password wrong or no contact could receive a code: the attempt answers exactly
-- like a real one, and no code can ever match it.
CREATE TABLE login_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- sha256 of the challenge id the client holds.
  challenge_hash text NOT NULL UNIQUE,
  member_id bigint REFERENCES members(id),
  channel text CHECK (channel IN ('sms', 'email')),
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  ip text NOT NULL,
  user_agent text,
  must_change_password boolean NOT NULL DEFAULT false,
  password_expired boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

-- Devices a player chose to remember after a verified login, for 7, 30 or 90 days.
CREATE TABLE trusted_devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  -- sha256 of the random token the browser keeps; the token itself is never stored.
  token_hash text NOT NULL UNIQUE,
  label text NOT NULL,
  ip text NOT NULL,
  last_ip text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by text CHECK (revoked_by IN ('member', 'operator'))
);
CREATE INDEX trusted_devices_member_idx ON trusted_devices (member_id, created_at DESC);
