-- game_rounds_stamp_settled_tx: Stamps a game round with the ledger transaction that settled it, for the agent settlement to find its rounds.
-- Owner: gateway (a BEFORE trigger on the gateway's game_rounds that only sets columns of the row it reacts to).
--
-- As migration 0302_agent_settlement explained it:

CREATE OR REPLACE FUNCTION game_rounds_stamp_settled_tx() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'settled' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'settled') THEN
    NEW.settled_tx := pg_current_xact_id();
  END IF;
  RETURN NEW;
END;
$$;
