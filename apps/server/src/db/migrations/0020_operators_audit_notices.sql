-- Operator module: back-office accounts with roles and their sessions, kept apart from members
-- (own tables, own token scope). Audit module: the append-only log of operator and system
-- actions. Messages module: player notices (kind + params; the web writes the prose).

CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (username = lower(username) AND username ~ '^[a-z][a-z0-9_.-]{2,31}$'),
  -- Same "scrypt$…" format as member passwords.
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('finance', 'support', 'admin')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  CONSTRAINT operators_username_key UNIQUE (username)
);

-- Found by the SHA-256 of the token; the token itself is never stored.
CREATE TABLE operator_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  operator_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  CONSTRAINT operator_sessions_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

-- Who did what to which subject, why, and the state before and after. Written in the same
-- database transaction as the change it describes.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_type text NOT NULL CHECK (actor_type IN ('operator', 'system', 'member')),
  actor_id text,
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  subject_type text NOT NULL CHECK (length(subject_type) BETWEEN 1 AND 100),
  subject_id text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 200),
  reason text,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id);

-- Append-only, enforced by the database like the ledger tables.
CREATE FUNCTION audit_log_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_reject_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_reject_change();

-- Player notices: the server stores what happened (kind + params), never prose, so each
-- player reads them in their own language.
CREATE TABLE member_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,63}$'),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX member_notices_member_idx ON member_notices (member_id, id DESC);
CREATE INDEX member_notices_unread_idx ON member_notices (member_id) WHERE read_at IS NULL;
