-- Reporting module: exact hourly aggregates for the back office's dashboard and reports, kept by
-- triggers in the same database transaction as the write they count (a round's totals, a deposit
-- credited, a withdrawal approved, a player registered), so they are never behind or ahead of the
-- ledger. Why triggers, the striping and the active-player design: docs/decisions.md
-- "Back-office aggregates".
--
-- Buckets are UTC hours, so a day in any whole-hour-offset time zone is an exact sum of them.
-- Shared counter rows are striped: a transaction writes the stripe of its database session
-- (pg_backend_pid() % 16), so concurrent writers rarely touch the same row; reads sum the stripes.

CREATE FUNCTION reporting_stripe() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;

-- Game money by vendor (vassalage): stakes, refunds (rollbacks) and wins as they move.
CREATE TABLE reporting_game_hourly (
  hour timestamptz NOT NULL,
  vassalage text NOT NULL,
  currency text NOT NULL,
  stripe smallint NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  bets bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, vassalage, currency, stripe)
);

-- Deposits credited (by deposit channel id) and withdrawals approved (by bank code).
CREATE TABLE reporting_payment_hourly (
  hour timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  channel text NOT NULL,
  currency text NOT NULL,
  stripe smallint NOT NULL,
  orders bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, kind, channel, currency, stripe)
);

-- Players registered, and players whose first deposit was credited (with its amount).
CREATE TABLE reporting_player_hourly (
  hour timestamptz NOT NULL,
  stripe smallint NOT NULL,
  registrations bigint NOT NULL DEFAULT 0,
  first_deposits bigint NOT NULL DEFAULT 0,
  first_deposit_amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, stripe)
);

-- A member's first credited deposit: the insert that wins is the one counted as first.
CREATE TABLE reporting_first_deposits (
  member_id bigint PRIMARY KEY,
  order_id bigint NOT NULL,
  at timestamptz NOT NULL
);

-- Active players (placed a stake): the hours each member was active, and counts of activity
-- "events" — (hour h, previous active hour p of the same member) — by h and p. A member is active
-- in [from, to) exactly when one event has from <= h < to and p < from (its first hour in the
-- range), so the distinct count is a sum: by_day covers p before from's UTC day, by_hour the
-- hours of that day before from. p is NULL (-infinity) for a member's first hour ever.
CREATE TABLE reporting_member_hours (
  member_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  PRIMARY KEY (member_id, hour)
);
CREATE TABLE reporting_activity_by_day (
  hour timestamptz NOT NULL,
  prev_day timestamptz NOT NULL,
  stripe smallint NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, prev_day, stripe)
);
CREATE TABLE reporting_activity_by_hour (
  prev_hour timestamptz NOT NULL,
  hour timestamptz NOT NULL,
  stripe smallint NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (prev_hour, hour, stripe)
);

CREATE FUNCTION reporting_activity_add(p_hour timestamptz, p_prev timestamptz, p_n bigint, p_stripe smallint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reporting_activity_by_day AS a (hour, prev_day, stripe, n)
  VALUES (p_hour, coalesce(date_trunc('day', p_prev, 'UTC'), '-infinity'), p_stripe, p_n)
  ON CONFLICT (hour, prev_day, stripe) DO UPDATE SET n = a.n + excluded.n;
  IF p_prev IS NOT NULL THEN
    INSERT INTO reporting_activity_by_hour AS a (prev_hour, hour, stripe, n)
    VALUES (p_prev, p_hour, p_stripe, p_n)
    ON CONFLICT (prev_hour, hour, stripe) DO UPDATE SET n = a.n + excluded.n;
  END IF;
END;
$$;

-- A stake by a member at p_at. Only a member's first stake in an hour does more than one index
-- probe; an hour recorded out of order (a transaction that started earlier committing later)
-- also moves its successor's event, so the counts stay exact in any order.
CREATE FUNCTION reporting_note_activity(p_member bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', p_at, 'UTC');
  v_prev timestamptz;
  v_next timestamptz;
  v_stripe smallint := reporting_stripe();
BEGIN
  INSERT INTO reporting_member_hours (member_id, hour) VALUES (p_member, v_hour) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT max(h.hour) INTO v_prev FROM reporting_member_hours AS h WHERE h.member_id = p_member AND h.hour < v_hour;
  SELECT min(h.hour) INTO v_next FROM reporting_member_hours AS h WHERE h.member_id = p_member AND h.hour > v_hour;
  PERFORM reporting_activity_add(v_hour, v_prev, 1, v_stripe);
  IF v_next IS NOT NULL THEN
    PERFORM reporting_activity_add(v_next, v_prev, -1, v_stripe);
    PERFORM reporting_activity_add(v_next, v_hour, 1, v_stripe);
  END IF;
END;
$$;

-- Rounds: every change of a round's totals is a stake, refund or win moving now; a round counts
-- in the hour of its first stake. Trial players'
-- rounds (member type 4) move demo money and are left out.
CREATE FUNCTION reporting_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint;
  v_refund bigint;
  v_win bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_bet := NEW.total_bet; v_refund := NEW.total_refund; v_win := NEW.total_win;
  ELSE
    v_bet := NEW.total_bet - OLD.total_bet; v_refund := NEW.total_refund - OLD.total_refund; v_win := NEW.total_win - OLD.total_win;
  END IF;
  IF v_bet = 0 AND v_refund = 0 AND v_win = 0 THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM members AS m WHERE m.id = NEW.member_id AND m.type = 4) THEN
    RETURN NULL;
  END IF;
  INSERT INTO reporting_game_hourly AS g (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
  VALUES (date_trunc('hour', now(), 'UTC'), NEW.vassalage, NEW.currency, reporting_stripe(),
          CASE WHEN NEW.total_bet > 0 AND v_bet = NEW.total_bet THEN 1 ELSE 0 END, v_bet, v_refund, v_win)
  ON CONFLICT (hour, vassalage, currency, stripe) DO UPDATE
  SET rounds = g.rounds + excluded.rounds, bets = g.bets + excluded.bets, refunds = g.refunds + excluded.refunds, wins = g.wins + excluded.wins;
  IF v_bet > 0 THEN
    PERFORM reporting_note_activity(NEW.member_id, now());
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reporting_game_rounds AFTER INSERT OR UPDATE OF total_bet, total_win, total_refund ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION reporting_on_round();

CREATE FUNCTION reporting_add_payment(p_hour timestamptz, p_kind text, p_channel text, p_currency text, p_amount bigint, p_fee bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO reporting_payment_hourly AS p (hour, kind, channel, currency, stripe, orders, amount, fee)
  VALUES (p_hour, p_kind, p_channel, p_currency, reporting_stripe(), 1, p_amount, p_fee)
  ON CONFLICT (hour, kind, channel, currency, stripe) DO UPDATE
  SET orders = p.orders + 1, amount = p.amount + excluded.amount, fee = p.fee + excluded.fee;
$$;

CREATE FUNCTION reporting_add_players(p_hour timestamptz, p_registrations bigint, p_first bigint, p_first_amount bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO reporting_player_hourly AS p (hour, stripe, registrations, first_deposits, first_deposit_amount)
  VALUES (p_hour, reporting_stripe(), p_registrations, p_first, p_first_amount)
  ON CONFLICT (hour, stripe) DO UPDATE
  SET registrations = p.registrations + excluded.registrations, first_deposits = p.first_deposits + excluded.first_deposits,
      first_deposit_amount = p.first_deposit_amount + excluded.first_deposit_amount;
$$;

-- A deposit order credited (once: the status moves from pending to credited once).
CREATE FUNCTION reporting_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER reporting_deposit_orders AFTER UPDATE OF status ON deposit_orders
  FOR EACH ROW WHEN (NEW.status = 'credited' AND OLD.status <> 'credited') EXECUTE FUNCTION reporting_on_deposit();

-- A withdrawal approved: its hold is posted to the payout in the same transaction.
CREATE FUNCTION reporting_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_add_payment(date_trunc('hour', now(), 'UTC'), 'withdrawal', NEW.bank_code, NEW.currency, NEW.amount, 0);
  RETURN NULL;
END;
$$;
CREATE TRIGGER reporting_withdrawal_orders AFTER UPDATE OF status ON withdrawal_orders
  FOR EACH ROW WHEN (NEW.status = 'approved' AND OLD.status = 'pending') EXECUTE FUNCTION reporting_on_withdrawal();

-- A player registered (agents and trial accounts are not players).
CREATE FUNCTION reporting_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_add_players(date_trunc('hour', NEW.created_at, 'UTC'), 1, 0, 0);
  RETURN NULL;
END;
$$;
CREATE TRIGGER reporting_members AFTER INSERT ON members
  FOR EACH ROW WHEN (NEW.type = 3) EXECUTE FUNCTION reporting_on_member();

-- Build every aggregate from the rows already there (this migration, and the back-office
-- benchmark after it seeds with COPY). Times come from the ledger: a round's money moved when
-- its ledger transaction was written.
CREATE FUNCTION reporting_backfill() RETURNS void LANGUAGE plpgsql AS $$
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

SELECT reporting_backfill();
