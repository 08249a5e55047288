-- The stake door asks for every stake: under a licence that identifies
-- players, an account without a CPF, or without a passed identity check where the licence asks for
-- one, stakes nothing. On the seamless wallet the refusal is its own (seamless-refusals.ts,
-- licence_identity): refused in TypeScript before seamless_apply, kept here so the table still equals
-- the TypeScript list (as 0610 did for licence_product).
INSERT INTO seamless_refusals (reason, error_code, message) VALUES
  ('licence_identity', 'LICENCE_REFUSED', 'Identify yourself and pass the identity check before playing');
