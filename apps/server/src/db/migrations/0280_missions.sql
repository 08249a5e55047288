-- Missions: daily and weekly sets of tasks the operator configures (stake an amount on a game
-- category, deposit an amount, play a number of different games, log in on a number of days).
-- Progress comes from the rewards engine's events; a completed mission's reward is claimed by the
-- player once per period, as a grant of the engine (source 'mission').

-- A mission of the daily or the weekly set. Its steps are all to be done within one period of its
-- cadence (days and weeks of the operator's time zone). Only live missions count and show.
CREATE TABLE missions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cadence text NOT NULL CHECK (cadence IN ('daily', 'weekly')),
  title_pt text NOT NULL CHECK (length(title_pt) BETWEEN 1 AND 120),
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 120),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'live', 'ended')),
  -- What the player gets: cash in minor units (the engine's cash sink).
  reward_amount bigint NOT NULL CHECK (reward_amount > 0),
  -- The steps: [{ kind: stake|deposit|distinct_games|login_days, category?: GAME_CATEGORY, target }],
  -- checked by the shared zod schema on every save.
  steps jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX missions_live_idx ON missions (cadence, sort_order, id) WHERE status = 'live';

-- What a player did in a period, whatever the missions: settled turnover per category (`stake:RNG`)
-- and in all (`stake:ALL`), deposits credited (`deposit`). A mission's progress is read from these,
-- so a mission put live during a period counts that period's play so far.
CREATE TABLE mission_counters (
  member_id bigint NOT NULL,
  period_key text NOT NULL,
  metric text NOT NULL,
  value bigint NOT NULL DEFAULT 0 CHECK (value >= 0),
  PRIMARY KEY (member_id, period_key, metric)
);

-- Distinct things counted in a period: the games played (`game`, the node id) and the days logged
-- in on (`day`, the local date).
CREATE TABLE mission_marks (
  member_id bigint NOT NULL,
  period_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('game', 'day')),
  mark text NOT NULL,
  PRIMARY KEY (member_id, period_key, kind, mark)
);

-- A mission's reward claimed for a period: once, by the primary key.
CREATE TABLE mission_claims (
  member_id bigint NOT NULL,
  mission_id bigint NOT NULL REFERENCES missions (id),
  period_key text NOT NULL,
  amount bigint NOT NULL,
  grant_id text,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, mission_id, period_key)
);
-- The leaderboard counts the claims of a period.
CREATE INDEX mission_claims_period_idx ON mission_claims (period_key, member_id);
