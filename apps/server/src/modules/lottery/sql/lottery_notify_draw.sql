-- lottery_notify_draw: Announces a draw's status change or finished refund at commit.
-- Owner: lottery (a trigger function on its own tables).
--
-- As migration 0315_lottery_live_refunded explained it:
-- A voided draw's refund finishing is news too. Migration 0312 announces a draw's status changes,
-- and a void is announced when the operator voids it; but its tickets are refunded afterwards, by
-- the clock, and the draw keeps its status 'voided' then, so an open page refetched the tickets
-- and the balance before the money was back and never heard of it again. The refund's end (the
-- draw's settled_at written) is now announced with the event status 'refunded', which is no
-- stored status of a draw: pages refetch the tickets and the balance on it, and the clock, which
-- finishes draws that are drawn or voided, leaves it alone.
CREATE OR REPLACE FUNCTION lottery_notify_draw() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.status <> 'scheduled') OR (TG_OP = 'UPDATE' AND OLD.status IS DISTINCT FROM NEW.status) THEN
    PERFORM pg_notify('wps_lottery_change', json_build_object('gameCode', NEW.game_code, 'numero', NEW.numero, 'status', NEW.status)::text);
  ELSIF TG_OP = 'UPDATE' AND NEW.status = 'voided' AND OLD.settled_at IS NULL AND NEW.settled_at IS NOT NULL THEN
    PERFORM pg_notify('wps_lottery_change', json_build_object('gameCode', NEW.game_code, 'numero', NEW.numero, 'status', 'refunded')::text);
  END IF;
  RETURN NULL;
END;
$$;
