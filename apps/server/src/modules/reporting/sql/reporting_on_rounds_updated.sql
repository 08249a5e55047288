-- reporting_on_rounds_updated: Statement trigger keeping the hourly game report as rounds change.
-- Owner: reporting (it reacts to game_rounds (gateway) but writes the reporting counters).
--
-- As migration 0318_round_triggers_per_statement explained it:
-- The hourly game report (0171's figures), one counter row per vendor and currency; trial players
-- left out; a member's first stake of the hour notes their activity (once, as in 0171).
-- requires: reporting_note_activity
-- requires: reporting_stripe
CREATE OR REPLACE FUNCTION reporting_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', now(), 'UTC');
  v_active bigint[];
  v_member bigint;
BEGIN
  WITH moved AS MATERIALIZED (
    SELECT x.member_id, x.vassalage, x.currency,
      sum(x.bet) AS bet, sum(x.refund) AS refund, sum(x.win) AS win, sum(x.staked) AS first_stakes
    FROM (
      SELECT n.member_id, n.vassalage, n.currency, n.total_bet AS bet, n.total_refund AS refund, n.total_win AS win,
        CASE WHEN n.total_bet > 0 THEN 1 ELSE 0 END AS staked
      FROM game_rounds_new AS n
      UNION ALL
      SELECT o.member_id, o.vassalage, o.currency, -o.total_bet, -o.total_refund, -o.total_win,
        CASE WHEN o.total_bet > 0 THEN -1 ELSE 0 END
      FROM game_rounds_old AS o
    ) AS x
    GROUP BY x.member_id, x.vassalage, x.currency
    HAVING (sum(x.bet) <> 0 OR sum(x.refund) <> 0 OR sum(x.win) <> 0)
      AND NOT EXISTS (SELECT 1 FROM members AS m WHERE m.id = x.member_id AND m.type = 4)
  ),
  report AS (
    INSERT INTO reporting_game_hourly AS g (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
    SELECT v_hour, d.vassalage, d.currency, reporting_stripe(), sum(d.first_stakes), sum(d.bet), sum(d.refund), sum(d.win)
    FROM moved AS d
    GROUP BY d.vassalage, d.currency
    ORDER BY d.vassalage, d.currency
    ON CONFLICT (hour, vassalage, currency, stripe) DO UPDATE
    SET rounds = g.rounds + excluded.rounds, bets = g.bets + excluded.bets, refunds = g.refunds + excluded.refunds, wins = g.wins + excluded.wins
  )
  SELECT array_agg(DISTINCT d.member_id ORDER BY d.member_id) INTO v_active
  FROM moved AS d
  WHERE d.bet > 0 AND NOT EXISTS (SELECT 1 FROM reporting_member_hours AS h WHERE h.member_id = d.member_id AND h.hour = v_hour);
  IF v_active IS NOT NULL THEN
    FOREACH v_member IN ARRAY v_active LOOP
      PERFORM reporting_note_activity(v_member, now());
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
