-- RSA-OAEP-256 key pairs for payload encryption. Exactly one key is current (retired_at NULL);
-- a rotation retires it, and a retired key still decrypts for ENCRYPTION_KEY_GRACE_MS.
CREATE TABLE encryption_keys (
  key_id text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
-- Two instances creating the first key at once: the second insert loses and reads the winner's.
CREATE UNIQUE INDEX encryption_keys_one_current_idx ON encryption_keys ((true)) WHERE retired_at IS NULL;
