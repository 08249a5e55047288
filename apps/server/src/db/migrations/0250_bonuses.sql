-- Bonus money: a player's bonus is a separate player account (purpose `player_bonus`, never
-- negative) that is spent in games and converts to the main wallet once its wagering requirement
-- is met, or goes back to the promotion budget when it is forfeited, expires or is cancelled.

-- The operator's bonus rules. One row.
CREATE TABLE bonus_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Which money a stake spends first while a bonus is active.
  spend_order text NOT NULL DEFAULT 'real_first' CHECK (spend_order IN ('real_first', 'bonus_first')),
  -- How much of a settled round's stake counts towards wagering, in whole percent per game
  -- category (packages/shared GAME_CATEGORIES); a category not listed counts 0.
  contributions jsonb NOT NULL DEFAULT '{"RNG":100,"FISH":100,"PVP":10,"LIVE":10,"SPORTS":50,"ESPORTS":50,"COCKFIGHT":10,"LOTT":20,"ELOTT":20}'::jsonb,
  -- Defaults a grant takes when its own settings leave them out.
  default_wagering_multiple integer NOT NULL DEFAULT 10 CHECK (default_wagering_multiple BETWEEN 0 AND 200),
  default_expiry_hours integer NOT NULL DEFAULT 168 CHECK (default_expiry_hours BETWEEN 1 AND 8760),
  default_max_stake_minor bigint NOT NULL DEFAULT 5000 CHECK (default_max_stake_minor > 0),
  -- The cap on what a bonus converts to, as a multiple of the bonus.
  default_max_conversion_multiple integer NOT NULL DEFAULT 5 CHECK (default_max_conversion_multiple BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES operators (id)
);
INSERT INTO bonus_settings (id) VALUES (true);

-- Every bonus given. A player has at most one active bonus: another one granted meanwhile waits
-- (`queued`, no money moved yet) and becomes active when the one before it ends.
CREATE TABLE bonuses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- The rewards engine's grant this bonus pays: a grant pays at most one bonus.
  grant_id bigint NOT NULL UNIQUE,
  source text NOT NULL,
  source_ref text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple >= 0),
  -- amount × wagering_multiple: the weighted stakes needed before it converts.
  requirement bigint NOT NULL CHECK (requirement >= 0),
  wagered bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  max_conversion bigint NOT NULL CHECK (max_conversion > 0),
  max_stake bigint NOT NULL CHECK (max_stake > 0),
  expires_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'active', 'converted', 'forfeited', 'expired', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  ended_at timestamptz,
  -- Why it ended: the operator's reason, or 'withdrawal'.
  end_reason text,
  ended_by bigint REFERENCES operators (id),
  -- What its end moved: to the main wallet, and back to the promotion budget.
  converted bigint NOT NULL DEFAULT 0 CHECK (converted >= 0),
  returned bigint NOT NULL DEFAULT 0 CHECK (returned >= 0),
  CHECK ((status IN ('queued', 'active')) = (ended_at IS NULL))
);
CREATE UNIQUE INDEX bonuses_one_active_idx ON bonuses (member_id) WHERE status = 'active';
CREATE INDEX bonuses_member_idx ON bonuses (member_id, id DESC);
CREATE INDEX bonuses_open_expiry_idx ON bonuses (expires_at) WHERE status IN ('queued', 'active');
CREATE INDEX bonuses_status_idx ON bonuses (status, id DESC);

-- What each settled round added to a bonus's wagering: the round's stake (bet less refunds), its
-- category's share and the weighted figure. One row per bonus and round, so a round counts once.
CREATE TABLE bonus_wagers (
  bonus_id bigint NOT NULL REFERENCES bonuses (id),
  round_id bigint NOT NULL,
  vassalage text NOT NULL,
  category text,
  turnover bigint NOT NULL CHECK (turnover >= 0),
  contribution_pct integer NOT NULL CHECK (contribution_pct BETWEEN 0 AND 100),
  counted bigint NOT NULL CHECK (counted >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bonus_id, round_id)
);

-- The bet path's questions about a player's bonus, answered in one place for the seamless wallet
-- (seamless_apply and the rollback): the active bonus's maximum stake and whether the operator
-- spends bonus money first; no row without an active bonus.
CREATE FUNCTION bonus_bet_terms(p_member bigint, OUT max_stake bigint, OUT bonus_first boolean)
LANGUAGE sql STABLE AS $$
  SELECT b.max_stake, s.spend_order = 'bonus_first'
  FROM bonuses AS b CROSS JOIN bonus_settings AS s
  WHERE b.member_id = p_member AND b.status = 'active';
$$;

CREATE FUNCTION bonus_is_active(p_member bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM bonuses AS b WHERE b.member_id = p_member AND b.status = 'active');
$$;
