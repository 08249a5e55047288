-- Responsible gambling (modules/responsible-gaming; docs/compliance.md "Responsible gambling").
--
-- rg_players: one row per player who has anything set, and the row every money check locks first
-- (a deposit order's creation and its crediting both take it FOR UPDATE before anything else), so
-- parallel deposits of one player are counted one after the other and can never pass a limit.
CREATE TABLE rg_players (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  reality_check_minutes integer CHECK (reality_check_minutes IS NULL OR reality_check_minutes BETWEEN 1 AND 1440),
  -- A time limit ended a session: no login before this instant (session_limit: a break; daily_limit: the next local day).
  blocked_until timestamptz,
  blocked_reason text CHECK (blocked_reason IS NULL OR blocked_reason IN ('session_limit', 'daily_limit')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The limits: the value in force and, at most, one pending increase or removal that waits
-- 24 hours and then the player's confirmation (UKGC RTS 12). Money in minor units, time in minutes.
CREATE TABLE rg_limits (
  member_id bigint NOT NULL REFERENCES rg_players(member_id),
  kind text NOT NULL CHECK (kind IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake', 'session_time', 'daily_time')),
  value bigint CHECK (value IS NULL OR value > 0),
  pending_value bigint CHECK (pending_value IS NULL OR pending_value > 0),
  pending_remove boolean NOT NULL DEFAULT false,
  pending_requested_at timestamptz,
  pending_effective_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind),
  CHECK ((pending_effective_at IS NULL) = (pending_value IS NULL AND NOT pending_remove))
);

-- Every change, append-only: who, when, before, after.
CREATE TABLE rg_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL,
  action text NOT NULL,
  before_value text,
  after_value text,
  actor_type text NOT NULL CHECK (actor_type IN ('member', 'operator', 'system')),
  actor_id text,
  at timestamptz NOT NULL
);
CREATE INDEX rg_history_member_idx ON rg_history (member_id, id DESC);

-- Time-outs and self-exclusions. ends_at null: permanent. A self-exclusion stays in force after
-- ends_at until the player asks to come back (reopen_requested_at) and a cooling-off period has
-- passed (cooling_off_until); ended_at is then set by the first login that finds it over.
-- The hashes (SHA-256 of the normalised e-mail, phone in E.164 and CPF) refuse a new registration
-- with the same details while the exclusion is in force, without keeping a second copy of them.
CREATE TABLE rg_exclusions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  reopen_requested_at timestamptz,
  cooling_off_until timestamptz,
  ended_at timestamptz,
  email_hash text,
  phone_hash text,
  cpf_hash text,
  CHECK (kind = 'self_exclusion' OR ends_at IS NOT NULL)
);
CREATE INDEX rg_exclusions_member_idx ON rg_exclusions (member_id) WHERE ended_at IS NULL;
CREATE INDEX rg_exclusions_email_idx ON rg_exclusions (email_hash) WHERE ended_at IS NULL AND email_hash IS NOT NULL;
CREATE INDEX rg_exclusions_phone_idx ON rg_exclusions (phone_hash) WHERE ended_at IS NULL AND phone_hash IS NOT NULL;
CREATE INDEX rg_exclusions_cpf_idx ON rg_exclusions (cpf_hash) WHERE ended_at IS NULL AND cpf_hash IS NOT NULL;

-- The key that signs the proof a refused login hands out (an excluded player who gave the right
-- password may ask to end an expired self-exclusion with it, within 15 minutes, without a session).
-- Made here, once, from the database's strong random source; never leaves the server.
CREATE TABLE rg_secrets (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
INSERT INTO rg_secrets (id, secret) VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- Sessions ended by a limit, a time-out or a self-exclusion say so to the player.
ALTER TABLE member_sessions DROP CONSTRAINT member_sessions_revoke_reason_check;
ALTER TABLE member_sessions ADD CONSTRAINT member_sessions_revoke_reason_check
  CHECK (revoke_reason IN ('logged_out', 'password_changed', 'operator', 'account_disabled', 'session_limit', 'daily_limit', 'time_out', 'self_excluded'));

-- Limits, exclusions and reality checks are cached per instance for the bet path; a change on any
-- instance evicts the player's entry everywhere (payload: the member id).
CREATE FUNCTION rg_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_rg_change', COALESCE(NEW.member_id, OLD.member_id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER rg_players_notify AFTER INSERT OR UPDATE OR DELETE ON rg_players FOR EACH ROW EXECUTE FUNCTION rg_notify_change();
CREATE TRIGGER rg_limits_notify AFTER INSERT OR UPDATE OR DELETE ON rg_limits FOR EACH ROW EXECUTE FUNCTION rg_notify_change();
CREATE TRIGGER rg_exclusions_notify AFTER INSERT OR UPDATE OR DELETE ON rg_exclusions FOR EACH ROW EXECUTE FUNCTION rg_notify_change();
