-- A member's money and registration per UTC day, for the agent centre's team figures (overview,
-- team management, user loss). Kept by triggers in the transaction of the write they count (a
-- round's totals, a deposit credited, a withdrawal approved, a member registered), so they are
-- never behind or ahead of the rows they sum. A team's figures are then a join of the agent_tree
-- range (everyone under the agent) with one row per member and active day, instead of every
-- round. A row belongs to one member, so concurrent writers of different members never meet.

CREATE TABLE agent_member_daily (
  member_id bigint NOT NULL,
  day date NOT NULL,
  registrations integer NOT NULL DEFAULT 0,
  bets bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);
-- A period's rows, read index-only and hashed against the team.
CREATE INDEX agent_member_daily_day_idx ON agent_member_daily (day, member_id)
  INCLUDE (registrations, bets, refunds, wins, deposits, withdrawals);

CREATE FUNCTION agent_member_daily_add(p_member bigint, p_day date, p_reg integer, p_bets bigint, p_refunds bigint, p_wins bigint, p_deposits bigint, p_withdrawals bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO agent_member_daily AS d (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  VALUES (p_member, p_day, p_reg, p_bets, p_refunds, p_wins, p_deposits, p_withdrawals)
  ON CONFLICT (member_id, day) DO UPDATE
  SET registrations = d.registrations + excluded.registrations, bets = d.bets + excluded.bets, refunds = d.refunds + excluded.refunds,
      wins = d.wins + excluded.wins, deposits = d.deposits + excluded.deposits, withdrawals = d.withdrawals + excluded.withdrawals;
$$;

CREATE FUNCTION agent_member_daily_today() RETURNS date LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'UTC')::date $$;

-- Rounds: every change of a round's totals is money moving now (the day it moved counts).
CREATE FUNCTION agent_member_daily_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint := NEW.total_bet - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_bet END;
  v_refund bigint := NEW.total_refund - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_refund END;
  v_win bigint := NEW.total_win - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.total_win END;
BEGIN
  IF v_bet <> 0 OR v_refund <> 0 OR v_win <> 0 THEN
    PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, v_bet, v_refund, v_win, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agent_member_daily_rounds AFTER INSERT OR UPDATE OF total_bet, total_win, total_refund ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION agent_member_daily_on_round();

CREATE FUNCTION agent_member_daily_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, 0, 0, 0, NEW.amount_minor, 0);
  RETURN NULL;
END;
$$;
CREATE TRIGGER agent_member_daily_deposits AFTER UPDATE OF status ON deposit_orders
  FOR EACH ROW WHEN (NEW.status = 'credited' AND OLD.status <> 'credited') EXECUTE FUNCTION agent_member_daily_on_deposit();

CREATE FUNCTION agent_member_daily_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.member_id, agent_member_daily_today(), 0, 0, 0, 0, 0, NEW.amount);
  RETURN NULL;
END;
$$;
CREATE TRIGGER agent_member_daily_withdrawals AFTER UPDATE OF status ON withdrawal_orders
  FOR EACH ROW WHEN (NEW.status = 'approved' AND OLD.status = 'pending') EXECUTE FUNCTION agent_member_daily_on_withdrawal();

-- Trial (free-play) accounts are nobody's team.
CREATE FUNCTION agent_member_daily_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_member_daily_add(NEW.id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1, 0, 0, 0, 0, 0);
  RETURN NULL;
END;
$$;
CREATE TRIGGER agent_member_daily_members AFTER INSERT ON members
  FOR EACH ROW WHEN (NEW.type <> 4) EXECUTE FUNCTION agent_member_daily_on_member();

-- Build the rows from what exists (this migration, and the agents benchmark after its bulk load):
-- rounds by the day they started, deposits and withdrawals by the day they were created.
CREATE FUNCTION agent_member_daily_backfill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM agent_member_daily;
  INSERT INTO agent_member_daily (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  SELECT member_id, day, sum(reg), sum(bets), sum(refunds), sum(wins), sum(deposits), sum(withdrawals)
  FROM (
    SELECT id AS member_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS reg, 0 AS bets, 0 AS refunds, 0 AS wins, 0 AS deposits, 0 AS withdrawals
      FROM members WHERE type <> 4
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE 'UTC')::date, 0, total_bet, total_refund, total_win, 0, 0 FROM game_rounds
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, amount_minor, 0 FROM deposit_orders WHERE status = 'credited'
    UNION ALL
    SELECT member_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, amount FROM withdrawal_orders WHERE status IN ('approved', 'completed')
  ) AS x
  GROUP BY member_id, day;
END;
$$;
SELECT agent_member_daily_backfill();
