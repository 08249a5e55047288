-- Content: an item says whether it offers a bonus or an advance ("100% + R$ 500", free bets,
-- cashback). Under a licence that forbids them (BR: Law 14.790/2023 art. 29 I) such an item is
-- refused on save and on publishing, stops a switch to that licence while it is published, and is
-- left out of what players read (docs/compliance.md, "Bonuses and advances"). The flag is the
-- operator's word; the words themselves are checked too (packages/shared/src/bonus-offers.ts).
ALTER TABLE content_items ADD COLUMN bonus_offer boolean NOT NULL DEFAULT false;
