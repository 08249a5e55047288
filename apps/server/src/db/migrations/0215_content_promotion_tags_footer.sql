-- Content: a promotion's tags (NEWBIE, LIMITED, SPECIAL OFFER, DAILY, HIGH RABATE, VIP, shown on
-- its card and filtered on /promotions), and a sixth kind, the footer's operator-managed blocks
-- (the licence and regulator line, payment logos, the affiliate block).

ALTER TABLE content_items ADD COLUMN tags text[] NOT NULL DEFAULT '{}'
  CHECK (tags <@ ARRAY['newbie', 'limited', 'special_offer', 'daily', 'high_rebate', 'vip']::text[]);
-- Only promotions carry tags.
ALTER TABLE content_items ADD CONSTRAINT content_items_tags_promotion_check CHECK (kind = 'promotion' OR cardinality(tags) = 0);

ALTER TABLE content_items DROP CONSTRAINT content_items_kind_check;
ALTER TABLE content_items ADD CONSTRAINT content_items_kind_check
  CHECK (kind IN ('banner', 'promotion', 'announcement', 'help_article', 'legal_page', 'footer'));
