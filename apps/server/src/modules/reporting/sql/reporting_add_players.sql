-- reporting_add_players: Adds registrations and first deposits to the hourly player report.
-- Owner: reporting (writes only reporting tables).
--
-- As migration 0170_reporting explained it:

-- requires: reporting_stripe
CREATE OR REPLACE FUNCTION reporting_add_players(p_hour timestamptz, p_registrations bigint, p_first bigint, p_first_amount bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO reporting_player_hourly AS p (hour, stripe, registrations, first_deposits, first_deposit_amount)
  VALUES (p_hour, reporting_stripe(), p_registrations, p_first, p_first_amount)
  ON CONFLICT (hour, stripe) DO UPDATE
  SET registrations = p.registrations + excluded.registrations, first_deposits = p.first_deposits + excluded.first_deposits,
      first_deposit_amount = p.first_deposit_amount + excluded.first_deposit_amount;
$$;
