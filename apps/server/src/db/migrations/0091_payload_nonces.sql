-- Nonces of encrypted request bodies, remembered while their timestamp is inside
-- the replay window, in the database so every instance refuses a body another one accepted. The
-- primary key makes the check and the claim one statement (INSERT … ON CONFLICT DO NOTHING).
CREATE TABLE payload_nonces (
  nonce text PRIMARY KEY,
  -- The body's own time plus the window: after this the timestamp alone refuses it as stale.
  expires_at timestamptz NOT NULL
);
CREATE INDEX payload_nonces_expires_idx ON payload_nonces (expires_at);
