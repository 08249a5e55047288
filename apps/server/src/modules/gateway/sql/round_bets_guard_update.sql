-- round_bets_guard_update: Lets a round bet change only from pending to completed; refuses every other update.
-- Owner: gateway (a trigger function on its own tables).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- round_bets: a bet, win or rollback is written pending (a rollback's claim) and completed once.
-- Closed: refused, rolled_back, cancelled (a rollback's tombstone) and done. An accepted bet is
-- closed when its round is settled; before that its one change is the rollback (status
-- accepted → rolled_back, nothing else on the row; seamless-rollback.ts markBetRolledBack).
-- requires: records_same_except
CREATE OR REPLACE FUNCTION round_bets_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'accepted' AND NEW.status = 'rolled_back'
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW), ARRAY['status'])
     AND NOT EXISTS (
       -- The round through its key, in its month (migration 0765_monthly_partitions).
       SELECT 1 FROM game_round_keys AS k
       CROSS JOIN LATERAL (SELECT g.status FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0) AS r
       WHERE k.vassalage = OLD.vassalage AND k.round_id = OLD.round_id AND r.status = 'settled') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: round_bets % is closed (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;
