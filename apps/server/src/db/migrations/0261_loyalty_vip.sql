-- Loyalty, part two: VIP levels and member labels.

-- The operator's VIP settings (one row): the rolling window the thresholds are measured over,
-- and how often a member's level is reviewed for a downgrade.
CREATE TABLE vip_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  window_days integer NOT NULL DEFAULT 30 CHECK (window_days BETWEEN 1 AND 365),
  review_period text NOT NULL DEFAULT 'monthly' CHECK (review_period IN ('monthly', 'never')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO vip_settings (id) VALUES (true);

-- The levels (rank 0 is where every member starts; it needs nothing). A member is at the highest
-- level whose turnover and deposit thresholds the window's totals both reach. Bonuses are in
-- minor units (cash) or whole points (points); `benefits_*` is plain text, one benefit a line.
CREATE TABLE vip_levels (
  rank_level integer PRIMARY KEY CHECK (rank_level BETWEEN 0 AND 20),
  label_name text NOT NULL CHECK (length(label_name) BETWEEN 1 AND 40),
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  color2 text NOT NULL CHECK (color2 ~ '^#[0-9a-fA-F]{6}$'),
  turnover_minor bigint NOT NULL DEFAULT 0 CHECK (turnover_minor >= 0),
  deposit_minor bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  points_multiplier_pct integer NOT NULL DEFAULT 100 CHECK (points_multiplier_pct BETWEEN 0 AND 1000),
  upgrade_bonus_kind text NOT NULL DEFAULT 'cash' CHECK (upgrade_bonus_kind IN ('cash', 'points')),
  upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
  monthly_bonus_kind text NOT NULL DEFAULT 'cash' CHECK (monthly_bonus_kind IN ('cash', 'points')),
  monthly_bonus bigint NOT NULL DEFAULT 0 CHECK (monthly_bonus >= 0),
  benefits_pt text NOT NULL DEFAULT '',
  benefits_en text NOT NULL DEFAULT '',
  CHECK (rank_level > 0 OR (turnover_minor = 0 AND deposit_minor = 0))
);
INSERT INTO vip_levels (rank_level, label_name, color, color2, turnover_minor, deposit_minor, points_multiplier_pct, upgrade_bonus, monthly_bonus, benefits_pt, benefits_en) VALUES
  (0, 'VIP0', '#6b7280', '#9ca3af', 0, 0, 100, 0, 0, 'Pontos em cada aposta', 'Points on every bet'),
  (1, 'VIP1', '#b45309', '#f59e0b', 100000, 10000, 110, 1000, 500, E'Pontos +10%\nBônus de subida', E'Points +10%\nUpgrade bonus'),
  (2, 'VIP2', '#64748b', '#cbd5e1', 500000, 50000, 120, 5000, 2000, E'Pontos +20%\nBônus mensal', E'Points +20%\nMonthly bonus'),
  (3, 'VIP3', '#a16207', '#facc15', 2000000, 200000, 130, 20000, 8000, E'Pontos +30%\nBônus mensal maior', E'Points +30%\nBigger monthly bonus'),
  (4, 'VIP4', '#0e7490', '#67e8f9', 10000000, 1000000, 150, 100000, 30000, E'Pontos +50%\nSaques prioritários', E'Points +50%\nPriority withdrawals'),
  (5, 'VIP5', '#6d28d9', '#c4b5fd', 50000000, 5000000, 200, 500000, 100000, E'Pontos em dobro\nAtendimento VIP', E'Double points\nVIP customer service');

-- Each member's turnover and deposits per day (UTC), kept from the rewards events: the rolling
-- window's totals are the sum of its days.
CREATE TABLE vip_member_days (
  member_id bigint NOT NULL,
  day date NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);

-- A member's level now. `reviewed_period` is the last review period ('2026-11') the member was
-- reviewed in, so a review repeated in the same period changes nothing.
CREATE TABLE vip_members (
  member_id bigint PRIMARY KEY,
  rank_level integer NOT NULL DEFAULT 0,
  reached_at timestamptz NOT NULL DEFAULT now(),
  reviewed_period text
);
CREATE INDEX vip_members_level_idx ON vip_members (rank_level) WHERE rank_level > 0;

-- Member labels the operator defines and gives to players (shown in the member's info).
CREATE TABLE member_labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label_name text NOT NULL UNIQUE CHECK (length(label_name) BETWEEN 1 AND 40),
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$')
);
CREATE TABLE member_label_assignments (
  member_id bigint NOT NULL,
  label_id bigint NOT NULL REFERENCES member_labels (id) ON DELETE CASCADE,
  PRIMARY KEY (member_id, label_id)
);
