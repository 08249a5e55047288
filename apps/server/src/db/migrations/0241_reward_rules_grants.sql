-- Rewards engine, part two: the operator's rules, what they (and every other source of rewards)
-- give players, and the engine's own counters.

-- Which licence the operator works under: the reward kinds and rule conditions it allows
-- (packages/shared/src/rewards-jurisdiction.ts), and its time zone. One row.
CREATE TABLE reward_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  jurisdiction text NOT NULL DEFAULT 'permissive',
  -- Where the operator's days, weeks and months begin (periods of rules, missions, rebates, caps).
  time_zone text NOT NULL DEFAULT 'America/Sao_Paulo',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES operators (id)
);
INSERT INTO reward_settings (id) VALUES (true);

-- A rule: on an event of `trigger`, when its conditions hold and its caps allow, give its reward.
-- `conditions` and `reward` are checked by the shared zod schemas on every save; a rule is
-- changed only while it is a draft or paused (a live rule's history stays what it paid under).
CREATE TABLE reward_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- The content promotion it belongs to, when it has one (its players see it there).
  promotion_id bigint,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'live', 'paused', 'ended')),
  trigger text NOT NULL,
  conditions jsonb NOT NULL DEFAULT '{}'::jsonb,
  reward jsonb NOT NULL,
  delivery text NOT NULL DEFAULT 'auto' CHECK (delivery IN ('auto', 'claim')),
  starts_at timestamptz,
  ends_at timestamptz,
  -- Caps: grants per player per cap period, and in all (count and amount in the reward's unit).
  per_player_cap integer CHECK (per_player_cap > 0),
  cap_period text NOT NULL DEFAULT 'none' CHECK (cap_period IN ('none', 'daily', 'weekly', 'monthly')),
  total_cap_count integer CHECK (total_cap_count > 0),
  total_cap_amount bigint CHECK (total_cap_amount > 0),
  granted_count integer NOT NULL DEFAULT 0 CHECK (granted_count >= 0),
  granted_amount bigint NOT NULL DEFAULT 0 CHECK (granted_amount >= 0),
  version integer NOT NULL DEFAULT 1,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at),
  CHECK (total_cap_count IS NULL OR granted_count <= total_cap_count),
  CHECK (total_cap_amount IS NULL OR granted_amount <= total_cap_amount)
);
CREATE INDEX reward_rules_live_idx ON reward_rules (trigger) WHERE status = 'live';

-- Grants per player and cap period of a rule (its per-player cap).
CREATE TABLE reward_rule_usage (
  rule_id bigint NOT NULL REFERENCES reward_rules (id),
  member_id bigint NOT NULL,
  period_key text NOT NULL,
  grants integer NOT NULL DEFAULT 0 CHECK (grants >= 0),
  PRIMARY KEY (rule_id, member_id, period_key)
);

-- Every reward a player gets, whoever decided it (a rule, a mission, the rebate, a referral, a VIP
-- level, an operator, a raffle). `key` makes a grant once: the same key is the same grant.
CREATE TABLE reward_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'points', 'raffle_ticket', 'mission_step')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  source text NOT NULL CHECK (source IN ('rule', 'mission', 'rebate', 'referral', 'vip', 'operator', 'raffle')),
  source_ref text NOT NULL,
  key text NOT NULL UNIQUE,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  title jsonb,
  status text NOT NULL CHECK (status IN ('issued', 'held', 'paid', 'rejected', 'expired')),
  hold_reason text,
  claim_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  resolved_at timestamptz,
  resolved_by bigint REFERENCES operators (id),
  resolve_reason text,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX reward_grants_member_idx ON reward_grants (member_id, id DESC);
CREATE INDEX reward_grants_waiting_idx ON reward_grants (status, id) WHERE status IN ('issued', 'held');
CREATE INDEX reward_grants_source_idx ON reward_grants (source, source_ref);

-- The engine's running totals per player and day (operator's time zone): deposits, and turnover
-- per game category, for the conditions "deposit amount in a period" and "turnover by category".
-- Kept by the rules consumer from the same events, so a condition reads what the stream has applied.
CREATE TABLE reward_member_totals (
  member_id bigint NOT NULL,
  day date NOT NULL,
  metric text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, metric, day)
);
