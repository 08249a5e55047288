-- reporting_backfill: Rebuilds every reporting aggregate from the rows already there.
-- Owner: reporting (writes only reporting tables).
--
-- As migration 0170_reporting explained it:
-- Build every aggregate from the rows already there (this migration, and the back-office
-- benchmark after it seeds with COPY). Times come from the ledger: a round's money moved when
-- its ledger transaction was written.
CREATE OR REPLACE FUNCTION reporting_backfill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reporting_game_hourly; DELETE FROM reporting_payment_hourly; DELETE FROM reporting_player_hourly;
  DELETE FROM reporting_first_deposits; DELETE FROM reporting_member_hours;
  DELETE FROM reporting_activity_by_day; DELETE FROM reporting_activity_by_hour;

  CREATE TEMP TABLE reporting_moves ON COMMIT DROP AS
  SELECT t.kind, date_trunc('hour', t.created_at, 'UTC') AS hour, t.metadata ->> 'vassalage' AS vassalage, t.currency,
         (t.metadata ->> 'memberId')::bigint AS member_id, (SELECT max(e.amount) FROM ledger_entries AS e WHERE e.transaction_id = t.id) AS amount
  FROM ledger_transactions AS t
  WHERE t.kind IN ('bet', 'win', 'rollback') AND t.metadata ? 'vassalage'
    AND NOT EXISTS (SELECT 1 FROM members AS m WHERE m.id = (t.metadata ->> 'memberId')::bigint AND m.type = 4);

  INSERT INTO reporting_game_hourly (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
  SELECT hour, vassalage, currency, 0, 0,
         coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0), coalesce(sum(amount) FILTER (WHERE kind = 'rollback'), 0),
         coalesce(sum(amount) FILTER (WHERE kind = 'win'), 0)
  FROM reporting_moves GROUP BY hour, vassalage, currency;
  INSERT INTO reporting_game_hourly AS g (hour, vassalage, currency, stripe, rounds)
  SELECT date_trunc('hour', r.created_at, 'UTC'), r.vassalage, r.currency, 0, count(*)
  FROM game_rounds AS r
  WHERE r.total_bet > 0 AND NOT EXISTS (SELECT 1 FROM members AS m WHERE m.id = r.member_id AND m.type = 4)
  GROUP BY 1, 2, 3
  ON CONFLICT (hour, vassalage, currency, stripe) DO UPDATE SET rounds = g.rounds + excluded.rounds;

  INSERT INTO reporting_member_hours (member_id, hour)
  SELECT DISTINCT member_id, hour FROM reporting_moves WHERE kind = 'bet';
  INSERT INTO reporting_activity_by_day (hour, prev_day, stripe, n)
  SELECT hour, coalesce(date_trunc('day', prev, 'UTC'), '-infinity'), 0, count(*)
  FROM (SELECT hour, lag(hour) OVER (PARTITION BY member_id ORDER BY hour) AS prev FROM reporting_member_hours) AS x
  GROUP BY 1, 2;
  INSERT INTO reporting_activity_by_hour (prev_hour, hour, stripe, n)
  SELECT prev, hour, 0, count(*)
  FROM (SELECT hour, lag(hour) OVER (PARTITION BY member_id ORDER BY hour) AS prev FROM reporting_member_hours) AS x
  WHERE prev IS NOT NULL GROUP BY 1, 2;

  INSERT INTO reporting_payment_hourly (hour, kind, channel, currency, stripe, orders, amount, fee)
  SELECT date_trunc('hour', t.created_at, 'UTC'), 'deposit', d.channel_id::text, d.currency, 0, count(*), sum(d.amount_minor), sum(d.fee_minor)
  FROM deposit_orders AS d JOIN ledger_transactions AS t ON t.id = d.ledger_transaction_id
  WHERE d.status = 'credited' GROUP BY 1, 3, 4;
  INSERT INTO reporting_payment_hourly (hour, kind, channel, currency, stripe, orders, amount, fee)
  SELECT date_trunc('hour', t.created_at, 'UTC'), 'withdrawal', w.bank_code, w.currency, 0, count(*), sum(w.amount), 0
  FROM withdrawal_orders AS w
  JOIN ledger_holds AS h ON h.id = w.hold_id AND h.status = 'posted'
  JOIN ledger_transactions AS t ON t.id = h.resolve_transaction_id
  GROUP BY 1, 3, 4;

  INSERT INTO reporting_first_deposits (member_id, order_id, at)
  SELECT DISTINCT ON (d.member_id) d.member_id, d.id, t.created_at
  FROM deposit_orders AS d JOIN ledger_transactions AS t ON t.id = d.ledger_transaction_id
  WHERE d.status = 'credited' ORDER BY d.member_id, t.created_at, d.id;
  INSERT INTO reporting_player_hourly (hour, stripe, registrations, first_deposits, first_deposit_amount)
  SELECT hour, 0, sum(r), sum(f), sum(a) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS r, 0 AS f, 0::bigint AS a FROM members WHERE type = 3
    UNION ALL
    SELECT date_trunc('hour', fd.at, 'UTC'), 0, 1, d.amount_minor FROM reporting_first_deposits AS fd JOIN deposit_orders AS d ON d.id = fd.order_id
  ) AS x GROUP BY hour;
END;
$$;
