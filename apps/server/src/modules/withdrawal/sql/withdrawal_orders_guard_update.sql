-- withdrawal_orders_guard_update: Lets a withdrawal order change only along its status path; refuses rewriting a closed order.
-- Owner: withdrawal (a trigger function on its own tables).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- withdrawal_orders: pending → approved (paid) | rejected; approved → completed (received) |
-- disputed; disputed → completed. Rejected and completed are closed. An approved order was paid:
-- its amount, payee, hold and decision never change again; it only records the player's answer
-- (completed or disputed: confirmation, confirmed_at; withdrawal-receipt.ts), and a disputed one
-- its resolution (completed: resolution_note, resolved_at; withdrawal-review.ts).
-- requires: records_same_except
CREATE OR REPLACE FUNCTION withdrawal_orders_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ((OLD.status = 'approved' AND NEW.status IN ('completed', 'disputed'))
      OR (OLD.status = 'disputed' AND NEW.status = 'completed'))
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW),
       ARRAY['status', 'confirmation', 'confirmed_at', 'resolution_note', 'resolved_at']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: withdrawal_orders % is closed (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;
