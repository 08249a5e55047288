-- reporting_add_payment: Adds a payment to the hourly payment report.
-- Owner: reporting (writes only reporting tables).
--
-- As migration 0170_reporting explained it:

-- requires: reporting_stripe
CREATE OR REPLACE FUNCTION reporting_add_payment(p_hour timestamptz, p_kind text, p_channel text, p_currency text, p_amount bigint, p_fee bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO reporting_payment_hourly AS p (hour, kind, channel, currency, stripe, orders, amount, fee)
  VALUES (p_hour, p_kind, p_channel, p_currency, reporting_stripe(), 1, p_amount, p_fee)
  ON CONFLICT (hour, kind, channel, currency, stripe) DO UPDATE
  SET orders = p.orders + 1, amount = p.amount + excluded.amount, fee = p.fee + excluded.fee;
$$;
