-- The counters a change of rounds keeps (the hourly game report, migration 0171; the agents'
-- member-day rows, migration 0305; the rewards' "round settled" events, migration 0240), kept once
-- per UPDATE statement over its transition tables instead of once per row.
--
-- Why: a statement that moves many rounds (the lottery paying a draw's winners through
-- seamless_win_many, closing a draw's rounds) ran the row triggers once per round, and every one
-- of them updated the same hourly counter row again. Updating one row n times in a transaction
-- leaves a chain of n versions that each next update walks, so a batch of 200 wins spent half its
-- time there (docs/lottery.md, "Settlement at scale"). A statement trigger adds the batch up first:
-- one counter update per vendor and currency, one upsert per member, one insert of the events.
--
-- The figures are the row triggers' own: a round's deltas are its new minus its old totals (the
-- rows of an UPDATE, also those an INSERT … ON CONFLICT DO UPDATE updated), a round counts in the
-- hour's rounds when its first stake arrives, trial players (member type 4) stay out of the report
-- and the events, and a member's first stake of the hour notes their activity. Inserts keep their
-- row triggers: a round is inserted one at a time, by its first bet.
--
-- A statement trigger with transition tables cannot name columns or fire on two events, so these
-- fire on every UPDATE of game_rounds and find the rounds whose totals (or status) changed. Each
-- module keeps its own trigger, under its old name (the benches switch them off by name).
--
-- Lock order: the counter rows a statement writes are written in key order (ORDER BY in each
-- INSERT … SELECT … ON CONFLICT), so two statements of many rounds never wait on each other's
-- counter rows in a cycle.

DROP TRIGGER reporting_game_rounds ON game_rounds;
DROP TRIGGER agent_member_daily_rounds ON game_rounds;
DROP TRIGGER reward_events_game_rounds ON game_rounds;

-- Inserts keep the row triggers of 0171 and 0305, unchanged, under new names.
CREATE TRIGGER reporting_game_rounds_insert AFTER INSERT ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION reporting_on_round();
CREATE TRIGGER agent_member_daily_rounds_insert AFTER INSERT ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION agent_member_daily_on_round();

-- How each trigger reads what the statement did. The old and new rows are never joined: a
-- transition table has no statistics, and a plan the function cached for a statement of one round
-- (a callback) is reused for a statement of 5,000 (a draw's rounds closed), where a nested loop
-- over both tables compares 25 million pairs (2.6 s, measured). Instead each figure is a sum over
-- the new rows minus the same sum over the old ones (UNION ALL, grouped), which is linear whatever
-- the plan: a round's vendor, currency and player never change and its stake only grows, so per
-- group the sums' difference is the sum of the deltas, and the rounds whose stake left zero are
-- those counted with a stake in the new rows and not in the old. A round the statement settled is
-- one counted settled in the new rows and not in the old.

-- The hourly game report (0171's figures), one counter row per vendor and currency; trial players
-- left out; a member's first stake of the hour notes their activity (once, as in 0171).
CREATE FUNCTION reporting_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER reporting_game_rounds AFTER UPDATE ON game_rounds
  REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT EXECUTE FUNCTION reporting_on_rounds_updated();

-- The agents' member-day rows (0305's figures, every member), one upsert per member in id order.
CREATE FUNCTION agent_member_daily_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_member_daily AS a (member_id, day, registrations, bets, refunds, wins, deposits, withdrawals)
  SELECT x.member_id, agent_member_daily_today(), 0, sum(x.bet), sum(x.refund), sum(x.win), 0, 0
  FROM (
    SELECT n.member_id, n.total_bet AS bet, n.total_refund AS refund, n.total_win AS win FROM game_rounds_new AS n
    UNION ALL
    SELECT o.member_id, -o.total_bet, -o.total_refund, -o.total_win FROM game_rounds_old AS o
  ) AS x
  GROUP BY x.member_id
  HAVING sum(x.bet) <> 0 OR sum(x.refund) <> 0 OR sum(x.win) <> 0
  ORDER BY x.member_id
  ON CONFLICT (member_id, day) DO UPDATE
  SET bets = a.bets + excluded.bets, refunds = a.refunds + excluded.refunds, wins = a.wins + excluded.wins;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agent_member_daily_rounds AFTER UPDATE ON game_rounds
  REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT EXECUTE FUNCTION agent_member_daily_on_rounds_updated();

-- A round settled: the rewards' event (0240's row, trial players left out), with the round's
-- totals as now recorded, in round id order.
CREATE FUNCTION reward_events_on_rounds_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most statements are a bet or a win on an open round: nothing settled, nothing to group.
  IF NOT EXISTS (SELECT 1 FROM game_rounds_new AS n WHERE n.status = 'settled') THEN
    RETURN NULL;
  END IF;
  INSERT INTO reward_events (kind, member_id, data)
  SELECT 'round_settled', s.member_id, jsonb_build_object(
      'roundId', s.id::text, 'vassalage', s.vassalage, 'nodeId', s.node_id, 'currency', s.currency,
      'bet', s.total_bet::text, 'win', s.total_win::text, 'refund', s.total_refund::text)
  FROM (
    SELECT x.id, max(x.member_id) AS member_id, max(x.vassalage) AS vassalage, max(x.node_id) AS node_id, max(x.currency) AS currency,
      max(x.total_bet) AS total_bet, max(x.total_win) AS total_win, max(x.total_refund) AS total_refund
    FROM (
      SELECT n.id, n.member_id, n.vassalage, n.node_id, n.currency, n.total_bet, n.total_win, n.total_refund, 1 AS k
      FROM game_rounds_new AS n WHERE n.status = 'settled'
      UNION ALL
      SELECT o.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, -1 FROM game_rounds_old AS o WHERE o.status = 'settled'
    ) AS x
    GROUP BY x.id
    HAVING sum(x.k) = 1
  ) AS s
  WHERE reward_event_member_plays(s.member_id)
  ORDER BY s.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_game_rounds AFTER UPDATE ON game_rounds
  REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT EXECUTE FUNCTION reward_events_on_rounds_updated();
