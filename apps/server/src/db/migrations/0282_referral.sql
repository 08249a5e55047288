-- The referral programme ("refer and earn"): a member who invited a player (members.referrer_id,
-- set at registration from the referral code) earns a reward once the invitee makes a qualifying
-- first deposit and turnover within a number of days of registering. Counted by the referral
-- module's consumer of the rewards engine's events and paid as a grant of the engine (source
-- 'referral', key referral:<invitee>), held for an operator when the two accounts look related.

-- The operator's settings (one row). Off until the operator turns it on.
CREATE TABLE referral_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  min_first_deposit bigint NOT NULL DEFAULT 0 CHECK (min_first_deposit >= 0),
  min_turnover bigint NOT NULL DEFAULT 0 CHECK (min_turnover >= 0),
  within_days integer NOT NULL DEFAULT 30 CHECK (within_days BETWEEN 1 AND 365),
  reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES operators (id)
);
INSERT INTO referral_settings (id) VALUES (true);

-- One row per invited player, from its registered event: its progress within its window (the first
-- deposit's amount when it came in the window, settled turnover in the window) and, once qualified,
-- what it rewards its referrer (the amount of the settings then) with which grant, and why that grant
-- was held, if it was.
CREATE TABLE referral_invitees (
  invitee_id bigint PRIMARY KEY,
  referrer_id bigint NOT NULL,
  registered_at timestamptz NOT NULL,
  first_deposit bigint CHECK (first_deposit >= 0),
  turnover bigint NOT NULL DEFAULT 0 CHECK (turnover >= 0),
  qualified_at timestamptz,
  reward bigint CHECK (reward > 0),
  grant_id text,
  hold_reason text
);
-- The referrer's page lists its invitees, newest first.
CREATE INDEX referral_invitees_referrer_idx ON referral_invitees (referrer_id, registered_at DESC);
