-- The rebate ("betting bonus"): a percentage of each player's settled turnover per game category
-- and period (days or weeks of the operator's time zone), claimed by the player once per period or
-- paid by the server when the period ends, as the operator chooses. Paid as a cash grant of the
-- rewards engine (source 'rebate').

-- The operator's settings (one row). Off until the operator turns it on; `rates` maps a game
-- category to basis points (100 = 1 %), a category left out earns nothing.
CREATE TABLE rebate_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  period text NOT NULL DEFAULT 'daily' CHECK (period IN ('daily', 'weekly')),
  mode text NOT NULL DEFAULT 'claim' CHECK (mode IN ('claim', 'auto')),
  rates jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES operators (id)
);
INSERT INTO rebate_settings (id) VALUES (true);

-- Settled turnover (bet minus refund) per player, period and category, counted by the rebate's
-- consumer of round_settled events. The period's key names its kind and first day (D2026-11-24,
-- W2026-11-23), so a change from days to weeks leaves the old periods as they were.
CREATE TABLE rebate_turnover (
  member_id bigint NOT NULL,
  period_key text NOT NULL,
  category text NOT NULL,
  period_end timestamptz NOT NULL,
  turnover bigint NOT NULL DEFAULT 0 CHECK (turnover >= 0),
  PRIMARY KEY (member_id, period_key, category)
);
-- The automatic payment finds ended periods by their end.
CREATE INDEX rebate_turnover_end_idx ON rebate_turnover (period_end, period_key);

-- What a period paid a player, with the calculation it was paid by. The primary key makes a
-- period pay once: a claim inserts its row first and stops when the row exists.
CREATE TABLE rebate_payouts (
  member_id bigint NOT NULL,
  period_key text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  lines jsonb NOT NULL,
  grant_id text,
  paid_by text NOT NULL CHECK (paid_by IN ('claim', 'auto')),
  paid_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, period_key)
);

-- Periods the automatic payment has settled, written in the transaction that paid them.
CREATE TABLE rebate_settlements (
  period_key text PRIMARY KEY,
  payouts integer NOT NULL,
  settled_at timestamptz NOT NULL DEFAULT now()
);
