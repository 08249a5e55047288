-- reporting_on_withdrawal: An approved withdrawal counted in the payment report.
-- Owner: reporting (it reacts to withdrawal_orders (withdrawal) but writes the reporting counters).
--
-- As migration 0170_reporting explained it:
-- A withdrawal approved: its hold is posted to the payout in the same transaction.
-- requires: reporting_add_payment
CREATE OR REPLACE FUNCTION reporting_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_add_payment(date_trunc('hour', now(), 'UTC'), 'withdrawal', NEW.bank_code, NEW.currency, NEW.amount, 0);
  RETURN NULL;
END;
$$;
