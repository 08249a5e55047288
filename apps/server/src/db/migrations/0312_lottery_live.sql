-- The lottery's live updates: every change of a draw's status (open, closed, drawn, settled,
-- voided; a draw planned ahead as scheduled is not news) is announced on wps_lottery_change at commit, whoever writes it (the draws'
-- clock on any instance, settlement, an operator's result or void). Every instance listens and
-- pushes it to the pages it holds open (modules/lottery/lottery-live.ts). Placements update a
-- draw's totals, not its status, so they send nothing.
CREATE FUNCTION lottery_notify_draw() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.status <> 'scheduled') OR (TG_OP = 'UPDATE' AND OLD.status IS DISTINCT FROM NEW.status) THEN
    PERFORM pg_notify('wps_lottery_change', json_build_object('gameCode', NEW.game_code, 'numero', NEW.numero, 'status', NEW.status)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER lottery_draws_notify AFTER INSERT OR UPDATE OF status ON lottery_draws
  FOR EACH ROW EXECUTE FUNCTION lottery_notify_draw();
