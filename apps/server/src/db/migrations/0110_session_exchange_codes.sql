-- Login exchange codes. A link that logs a player in (`?token=` at start)
-- carries one of these instead of a session token: single use, at most 60 seconds, stored as
-- SHA-256, and bound to the session that minted it so a logout or revocation kills it too.
CREATE TABLE session_exchange_codes (
  code_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  session_id bigint NOT NULL REFERENCES member_sessions (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- The lifetime cap holds whatever the code that writes the row does.
  CONSTRAINT session_exchange_codes_lifetime_check
    CHECK (expires_at > created_at AND expires_at <= created_at + interval '60 seconds')
);
CREATE INDEX session_exchange_codes_expiry_idx ON session_exchange_codes (expires_at);
