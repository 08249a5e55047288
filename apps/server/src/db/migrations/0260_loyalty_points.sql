-- Loyalty, part one: points. Points are a ledger of their own, apart from money: whole numbers,
-- one balance per member that never goes below zero, and an append-only list of movements, each
-- with a unique key so a retried movement happens once. Points never expire.

-- The operator's points settings (one row). `earn_rates`: points per whole currency unit of
-- turnover, by game category ({"RNG": 1, "LIVE": 0.5}); `conversion_points` points convert to
-- `conversion_minor` minor units of cash; a conversion takes at least `min_conversion` points.
CREATE TABLE points_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  earn_rates jsonb NOT NULL DEFAULT '{}'::jsonb,
  conversion_points integer NOT NULL DEFAULT 100 CHECK (conversion_points > 0),
  conversion_minor bigint NOT NULL DEFAULT 100 CHECK (conversion_minor >= 0),
  min_conversion integer NOT NULL DEFAULT 100 CHECK (min_conversion > 0),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO points_settings (id, earn_rates) VALUES (true, '{"RNG": 1, "LIVE": 0.5, "SPORTS": 0.5, "FISH": 1, "PVP": 0.5, "ESPORTS": 0.5, "COCKFIGHT": 0.5, "LOTT": 0.5, "ELOTT": 0.5}');

-- One row per member with points. `earn_remainder` carries the fraction of a point that a round's
-- turnover earned beyond whole points (in millionths), so many small bets earn what one big bet does.
CREATE TABLE points_accounts (
  member_id bigint PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  earn_remainder bigint NOT NULL DEFAULT 0 CHECK (earn_remainder >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of a balance. `kind`: earn (play), grant (a reward), redeem (a mall item),
-- redeem_return (a refused redemption's points back), convert (to cash).
CREATE TABLE points_movements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earn', 'grant', 'redeem', 'redeem_return', 'convert')),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  idempotency_key text NOT NULL UNIQUE,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_movements_member_idx ON points_movements (member_id, id);

CREATE FUNCTION points_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_movements is append-only (% rejected)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER points_movements_no_change BEFORE UPDATE OR DELETE ON points_movements
  FOR EACH ROW EXECUTE FUNCTION points_movements_append_only();

-- Items of the points mall. Physical items are sent by the operator (the redemption waits in the
-- queue); a cash item pays `cash_minor` at once; a bonus item waits for the operator, who gives
-- the bonus. `stock` null means unlimited.
CREATE TABLE points_mall_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name_pt text NOT NULL CHECK (length(name_pt) BETWEEN 1 AND 80),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 80),
  kind text NOT NULL CHECK (kind IN ('physical', 'cash', 'bonus')),
  points_price bigint NOT NULL CHECK (points_price > 0),
  cash_minor bigint NOT NULL DEFAULT 0 CHECK (cash_minor >= 0),
  stock integer CHECK (stock >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  sort_order integer NOT NULL DEFAULT 0,
  image_name text,
  image_type text,
  image_bytes bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'cash' OR cash_minor > 0)
);
CREATE INDEX points_mall_items_image_idx ON points_mall_items (image_name) WHERE image_name IS NOT NULL;

-- A member's redemption of an item, with what it cost then. in_process waits for the operator;
-- approved is fulfilled (or paid); rejected gave the points back in one movement.
CREATE TABLE points_redemptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL,
  item_id bigint NOT NULL REFERENCES points_mall_items (id),
  item_name_pt text NOT NULL,
  item_name_en text NOT NULL,
  item_kind text NOT NULL,
  points bigint NOT NULL CHECK (points > 0),
  status text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
  reason text,
  resolved_by bigint,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_redemptions_member_idx ON points_redemptions (member_id, id);
CREATE INDEX points_redemptions_pending_idx ON points_redemptions (id) WHERE status = 'in_process';
