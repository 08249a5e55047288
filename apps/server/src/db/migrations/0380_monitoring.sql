-- Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"; UKGC customer-interaction
-- guidance, SPA/MF Ordinance 1.231/2024 on responsible gambling): patterns that may be signs of
-- harm are flagged to the back office, which reviews them, notes what it did, and closes each
-- with an outcome.

-- The operator's thresholds: one row, the whole set as validated JSON (the shared schema decides
-- its shape; a missing row means the documented defaults).
CREATE TABLE monitoring_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A flag is raised once per player, rule and period: the unique key is the last guard when two
-- scans (two instances, or a scan taken over after its holder died) meet.
CREATE TABLE monitoring_flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  rule text NOT NULL CHECK (rule IN ('deposits_rising', 'night_play', 'loss_chasing', 'withdrawals_reversed', 'limits_raised')),
  period_key text NOT NULL CHECK (length(period_key) BETWEEN 4 AND 20),
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  -- What the scan counted: the flag's evidence, never changed afterwards.
  figures jsonb NOT NULL,
  -- When the scan saw it (the scan's clock), and when the row was written.
  detected_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  outcome text CHECK (outcome IN ('contacted', 'limits_suggested', 'no_action', 'escalated')),
  closed_by bigint REFERENCES operators(id),
  closed_at timestamptz,
  CONSTRAINT monitoring_flags_closed CHECK ((status = 'closed') = (outcome IS NOT NULL AND closed_by IS NOT NULL AND closed_at IS NOT NULL)),
  CONSTRAINT monitoring_flags_once UNIQUE (member_id, rule, period_key)
);
CREATE INDEX monitoring_flags_list_idx ON monitoring_flags (status, id DESC);
CREATE INDEX monitoring_flags_rule_idx ON monitoring_flags (rule, id DESC);
-- The rule's cool-down looks up the player's latest flag of a rule.
CREATE INDEX monitoring_flags_member_idx ON monitoring_flags (member_id, rule, detected_at DESC);

-- Operators' notes on a flag: what was seen, who was contacted. Kept as written.
CREATE TABLE monitoring_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  flag_id bigint NOT NULL REFERENCES monitoring_flags(id),
  operator_id bigint NOT NULL REFERENCES operators(id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitoring_notes_flag_idx ON monitoring_notes (flag_id, id);
