-- Products a licence may forbid (packages/shared/src/licence.ts, forbiddenProducts; docs/compliance.md,
-- "Products the licence allows"). A P2P table is told by the catalogue's game type (PVP); a foreign
-- lottery's draw needs a fact the lottery did not keep: whose official draw gives a game its results.

-- The country whose official lottery draw gives this game's results (ISO 3166-1 alpha-2: 'VN' for the
-- Vietnamese xổ số); null for the operator's own draws (a committed seed). Such a game sells bets on
-- another country's lottery: a foreign lottery draw.
ALTER TABLE lottery_games
  ADD COLUMN result_country text CHECK (result_country ~ '^[A-Z]{2}$');

-- The Vietnamese daily draws (prize mode Lott) whose results an operator types in or a feed brings.
UPDATE lottery_games SET result_country = 'VN' WHERE prize_mode = 'Lott' AND result_source <> 'fair';

-- A seamless stake on a product the licence forbids (seamless-refusals.ts, licence_product): refused
-- in TypeScript before seamless_apply, kept here so the table still equals the TypeScript list.
INSERT INTO seamless_refusals (reason, error_code, message) VALUES
  ('licence_product', 'LICENCE_REFUSED', 'The operator''s licence does not allow this game');
