-- Sign-in with an identity provider (docs/decisions.md, "Sign-in with an identity provider").
-- Providers are written by operators in the back office. `client_secret` is stored like a vendor
-- adapter's shared secret (it authenticates this site to the provider at the token endpoint, so
-- it must be readable by the server) and is never returned by any call; `secret_set_at` is what
-- the back office shows of it. Kind `oidc` discovers its endpoints from the issuer and validates
-- an id_token; kind `oauth2` (a Facebook-type provider: no discovery, no id_token) names its
-- endpoints and reads the player's id from its userinfo endpoint.
CREATE TABLE oidc_providers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('oidc', 'oauth2')),
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 500),
  authorization_endpoint text,
  token_endpoint text,
  userinfo_endpoint text,
  scopes text NOT NULL DEFAULT 'openid email profile',
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 500),
  client_secret text NOT NULL CHECK (length(client_secret) BETWEEN 1 AND 500),
  secret_set_at timestamptz NOT NULL DEFAULT now(),
  enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'oidc' OR (authorization_endpoint IS NOT NULL AND token_endpoint IS NOT NULL AND userinfo_endpoint IS NOT NULL))
);
CREATE UNIQUE INDEX oidc_providers_name_key ON oidc_providers (lower(name));

-- One sign-in attempt. The state, nonce and PKCE verifier stay here, never in the browser; the
-- row is found by the state's hash and by the browser's flow cookie's hash together, so a
-- callback carried into another browser finds nothing. It lives ten minutes and is spent once
-- (`used_at`). After the provider answered for an identity no account has yet, the row keeps
-- that identity (`subject`, `email`, `display_name`) until the player links or creates an account.
CREATE TABLE oidc_flows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id bigint NOT NULL REFERENCES oidc_providers(id),
  state_hash text NOT NULL UNIQUE,
  browser_hash text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  subject text,
  email text,
  display_name text,
  pending_expires_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX oidc_flows_browser_idx ON oidc_flows (browser_hash);
CREATE INDEX oidc_flows_expires_idx ON oidc_flows (expires_at);

-- A member's linked identities: one account per identity of a provider.
CREATE TABLE member_oidc_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  provider_id bigint NOT NULL REFERENCES oidc_providers(id),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX member_oidc_links_subject_key ON member_oidc_links (provider_id, subject);
CREATE INDEX member_oidc_links_member_idx ON member_oidc_links (member_id);
