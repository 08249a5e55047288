-- Missions and the points mall's money items are reward set-ups held to the set-up ceilings of
-- migration 0501, as raffles are: the outside review's marketing operator, who holds no money
-- permission, paid 50,000.00 through a mission, and mall items with a cash value had no ceiling.
--
-- Missions: a mission switched on (saved or switched `live`) whose reward passes the ceiling of one
-- item, or whose cadence's live missions with it pass the ceiling of one period (what one player
-- can claim from that set in one day or week), is stored `awaiting_approval`: players do not see
-- it and cannot claim it until an operator other than the one who asked, holding the approval
-- permission, lets it go live or turns it down (back to `draft`). A live mission whose reward is
-- raised past a ceiling waits the same way.

ALTER TABLE missions
  DROP CONSTRAINT missions_status_check,
  ADD CONSTRAINT missions_status_check CHECK (status IN ('draft', 'awaiting_approval', 'live', 'ended')),
  -- Which ceilings it passed when it was last switched on (empty: it went live at once).
  ADD COLUMN ceiling_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (ceiling_reasons <@ ARRAY['setup_item', 'setup_period']::text[]),
  -- Who switched it on while it waits (or last asked for it), and who let it go live.
  ADD COLUMN asked_by bigint REFERENCES operators (id),
  ADD COLUMN approved_by bigint REFERENCES operators (id),
  ADD COLUMN approved_at timestamptz,
  -- Four eyes: whoever lets a waiting mission go live is not the operator who asked.
  ADD CONSTRAINT missions_four_eyes CHECK (approved_by IS NULL OR approved_by IS DISTINCT FROM asked_by);

CREATE INDEX missions_awaiting_idx ON missions (id) WHERE status = 'awaiting_approval';

-- The points mall: a cash or bonus item pays its cash value to each redemption from the promotion
-- budget at once. An item offered (saved `active`) whose cash value passes the ceiling of one item,
-- or whose stock's cash value passes the ceiling of one period (unlimited stock: the item's ceiling
-- alone, the players' points bound it), is stored `awaiting_approval`: not in the mall, not
-- redeemable, until a second operator decides (approved: `active`; turned down: `archived`).

ALTER TABLE points_mall_items
  DROP CONSTRAINT points_mall_items_status_check,
  ADD CONSTRAINT points_mall_items_status_check CHECK (status IN ('awaiting_approval', 'active', 'archived')),
  ADD COLUMN ceiling_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (ceiling_reasons <@ ARRAY['setup_item', 'setup_period']::text[]),
  ADD COLUMN asked_by bigint REFERENCES operators (id),
  ADD COLUMN approved_by bigint REFERENCES operators (id),
  ADD COLUMN approved_at timestamptz,
  ADD CONSTRAINT points_mall_items_four_eyes CHECK (approved_by IS NULL OR approved_by IS DISTINCT FROM asked_by);

CREATE INDEX points_mall_items_awaiting_idx ON points_mall_items (id) WHERE status = 'awaiting_approval';
