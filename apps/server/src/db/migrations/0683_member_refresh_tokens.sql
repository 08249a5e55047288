-- Refresh tokens (docs/decisions.md, "Staying signed in: refresh tokens"). The access token stays
-- per tab (sessionStorage, sent in a header); an HttpOnly cookie scoped to the refresh endpoint
-- carries a refresh token that opens a new session for a second tab or after the browser restarts.
--
-- A family is one sign-in: the login's session and every session a refresh opened from it. Its
-- tokens rotate on every use; a spent token presented again means it was copied, so the whole
-- family ends (its sessions too). Only SHA-256 hashes of the tokens are stored.
CREATE TABLE member_refresh_families (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- Remember-me: the cookie outlives the browser (Max-Age); otherwise it is a session cookie.
  persistent boolean NOT NULL,
  created_at timestamptz NOT NULL,
  -- The sign-in's absolute end, whatever its refreshes: no rotation moves it on.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Why: the session end reasons (logged_out, password_changed, operator, ...) or 'reused'.
  revoke_reason text CHECK (revoke_reason IS NULL OR length(revoke_reason) <= 32),
  CONSTRAINT member_refresh_families_lifetime_check CHECK (expires_at > created_at)
);
CREATE INDEX member_refresh_families_member_idx ON member_refresh_families (member_id) WHERE revoked_at IS NULL;

CREATE TABLE member_refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id bigint NOT NULL REFERENCES member_refresh_families (id),
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Spent: rotated into its successor. A spent token is never accepted again.
  used_at timestamptz,
  CONSTRAINT member_refresh_tokens_hash_key UNIQUE (token_hash)
);
CREATE INDEX member_refresh_tokens_family_idx ON member_refresh_tokens (family_id);

-- The sign-in a session belongs to (null: a session opened without a refresh cookie).
ALTER TABLE member_sessions ADD COLUMN refresh_family_id bigint REFERENCES member_refresh_families (id);
CREATE INDEX member_sessions_refresh_family_idx ON member_sessions (refresh_family_id) WHERE refresh_family_id IS NOT NULL;
