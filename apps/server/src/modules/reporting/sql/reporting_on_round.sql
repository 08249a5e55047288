-- reporting_on_round: Row trigger keeping the hourly game report as rounds change.
-- Owner: reporting (it reacts to game_rounds (gateway) but writes the reporting counters, so reporting owns it).
--
-- As migration 0171_reporting_round_trigger_lean explained it:
-- The round trigger of 0170, leaner on the bet path (it runs for every stake and win): the
-- counter row is updated in place and inserted only when its hour, vendor and stripe are new, and
-- the member's activity is recorded only when this member has no stake yet in this hour (one index
-- probe instead of a function call and an insert that conflicts). Same rows, same figures.
-- requires: reporting_note_activity
CREATE OR REPLACE FUNCTION reporting_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint;
  v_refund bigint;
  v_win bigint;
  v_rounds bigint;
  v_hour timestamptz;
  v_stripe smallint;
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
  v_hour := date_trunc('hour', now(), 'UTC');
  v_stripe := (pg_backend_pid() % 16)::smallint;
  v_rounds := CASE WHEN NEW.total_bet > 0 AND v_bet = NEW.total_bet THEN 1 ELSE 0 END;
  UPDATE reporting_game_hourly AS g
  SET rounds = g.rounds + v_rounds, bets = g.bets + v_bet, refunds = g.refunds + v_refund, wins = g.wins + v_win
  WHERE g.hour = v_hour AND g.vassalage = NEW.vassalage AND g.currency = NEW.currency AND g.stripe = v_stripe;
  IF NOT FOUND THEN
    INSERT INTO reporting_game_hourly AS g (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
    VALUES (v_hour, NEW.vassalage, NEW.currency, v_stripe, v_rounds, v_bet, v_refund, v_win)
    ON CONFLICT (hour, vassalage, currency, stripe) DO UPDATE
    SET rounds = g.rounds + excluded.rounds, bets = g.bets + excluded.bets, refunds = g.refunds + excluded.refunds, wins = g.wins + excluded.wins;
  END IF;
  IF v_bet > 0 AND NOT EXISTS (SELECT 1 FROM reporting_member_hours AS h WHERE h.member_id = NEW.member_id AND h.hour = v_hour) THEN
    PERFORM reporting_note_activity(NEW.member_id, now());
  END IF;
  RETURN NULL;
END;
$$;
