-- Operator two-factor login: TOTP (RFC 6238) enrolled with a QR code.
-- The secret is stored encrypted (AES-256-GCM, see operator-totp.ts); NULL means "not enrolled":
-- the next login with the right password offers a fresh enrolment.
ALTER TABLE operators ADD COLUMN totp_secret text;
ALTER TABLE operators ADD COLUMN totp_enrolled_at timestamptz;
-- The last accepted TOTP time-step: a code is accepted only for a later step, so a replayed
-- (or a second use of the same) code fails.
ALTER TABLE operators ADD COLUMN totp_last_step bigint;

-- A started enrolment: the password was right and a secret was shown. Confirmed by a first valid
-- code, within minutes; the token that names it is stored as a hash, like session tokens.
CREATE TABLE operator_totp_enrolments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  operator_id bigint NOT NULL REFERENCES operators (id),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT operator_totp_enrolments_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX operator_totp_enrolments_operator_idx ON operator_totp_enrolments (operator_id) WHERE used_at IS NULL;

-- Only a session that passed the second factor may call /ops routes. Sessions opened before this
-- migration never did: they end now.
ALTER TABLE operator_sessions ADD COLUMN totp_passed_at timestamptz;
UPDATE operator_sessions SET revoked_at = now() WHERE revoked_at IS NULL;
