-- reporting_on_deposit: A credited deposit counted in the payment and player reports.
-- Owner: reporting (it reacts to deposit_orders (deposit) but writes the reporting counters).
--
-- As migration 0170_reporting explained it:
-- A deposit order credited (once: the status moves from pending to credited once).
-- requires: reporting_add_payment
-- requires: reporting_add_players
CREATE OR REPLACE FUNCTION reporting_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', now(), 'UTC');
BEGIN
  PERFORM reporting_add_payment(v_hour, 'deposit', NEW.channel_id::text, NEW.currency, NEW.amount_minor, NEW.fee_minor);
  INSERT INTO reporting_first_deposits (member_id, order_id, at) VALUES (NEW.member_id, NEW.id, now()) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM reporting_add_players(v_hour, 0, 1, NEW.amount_minor);
  END IF;
  RETURN NULL;
END;
$$;
