-- Promotions' activity: how a player takes part in a promotion (the content module's promotion),
-- per period. The operator sets a promotion's mode: `join` (the player joins; the rules engine
-- then rewards joined players), `apply` (the player applies with a comment and images, an operator
-- approves or rejects it; an approval issues the promotion's reward as a grant the player claims)
-- or `auto` (no player action; rules pay). A daily, weekly, semimonthly or monthly promotion can be
-- taken part in again in each period, cut in the promotion's time zone; `once` means one period.
CREATE TABLE promo_settings (
  promotion_id bigint PRIMARY KEY REFERENCES content_items (id),
  mode text NOT NULL CHECK (mode IN ('join', 'apply', 'auto')),
  period text NOT NULL DEFAULT 'once' CHECK (period IN ('once', 'daily', 'weekly', 'semimonthly', 'monthly')),
  time_zone text NOT NULL DEFAULT 'America/Sao_Paulo' CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  -- Before starts_at the activity is "coming soon"; from ends_at it is closed (either may be open).
  starts_at timestamptz,
  ends_at timestamptz,
  -- What an approved application is given (mode apply): a reward kind and its amount (minor units
  -- for cash and bonus, whole points for points).
  reward_kind text CHECK (reward_kind IN ('cash', 'bonus', 'points')),
  reward_amount bigint CHECK (reward_amount > 0),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at),
  CHECK ((reward_kind IS NULL) = (reward_amount IS NULL)),
  CHECK (mode <> 'apply' OR reward_kind IS NOT NULL)
);

-- A player joined a promotion for a period (mode join). One row per period: joining twice is the
-- same join.
CREATE TABLE promo_joins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promo_settings (promotion_id),
  member_id bigint NOT NULL REFERENCES members (id),
  period_key text NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, promotion_id, period_key)
);

-- A player's application for a period (mode apply): applying until an operator decides; approved
-- issues a grant (grant_id) the player then claims (claimed_at); rejected carries the reason the
-- player reads. One application per player, promotion and period.
CREATE TABLE promo_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promo_settings (promotion_id),
  member_id bigint NOT NULL REFERENCES members (id),
  period_key text NOT NULL,
  comment text NOT NULL CHECK (char_length(comment) BETWEEN 1 AND 140),
  status text NOT NULL DEFAULT 'applying' CHECK (status IN ('applying', 'approved', 'rejected')),
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  reviewed_by bigint REFERENCES operators (id),
  reviewed_at timestamptz,
  grant_id text,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, promotion_id, period_key),
  CHECK ((status = 'applying') = (reviewed_at IS NULL)),
  CHECK (status <> 'rejected' OR reason IS NOT NULL),
  CHECK (status = 'approved' OR (grant_id IS NULL AND claimed_at IS NULL))
);
-- The back office's queue: by status, oldest first.
CREATE INDEX promo_applications_queue_idx ON promo_applications (status, id);

-- An application's images, kept in the database like feedback's so every instance serves them.
CREATE TABLE promo_application_images (
  application_id bigint NOT NULL REFERENCES promo_applications (id),
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  PRIMARY KEY (application_id, position)
);
