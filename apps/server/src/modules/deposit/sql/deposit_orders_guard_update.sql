-- deposit_orders_guard_update: Lets a deposit order change only along its status path; refuses rewriting a closed order.
-- Owner: deposit (a trigger function on its own tables).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- deposit_orders: pending → credited | failed | expired | returned. Closed: all but pending, with
-- two steps a closed order still takes, each once:
--   - an expired order whose money arrives late is resolved again (deposit.service.ts: a late
--     manual transfer confirmed by an operator, a late gateway payment): to credited, to failed
--     (a deposit limit refuses it where it is credited) or to returned (another payer's money under
--     BR). The money was the player's, so it is never left on the gateway's account; only the
--     resolution's columns change, and from expired only (a credited order is never resolved again).
--   - a returned order records when the gateway confirmed the money went back (returned_at, from
--     null; deposit-returns.repository.ts markOrderReturned).
-- requires: records_same_except
CREATE OR REPLACE FUNCTION deposit_orders_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'expired' AND NEW.status IN ('credited', 'failed', 'returned')
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW),
       ARRAY['status', 'ledger_transaction_id', 'failure_reason', 'payer_cpf_masked', 'resolved_by', 'resolved_at']) THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'returned' AND NEW.status = 'returned' AND OLD.returned_at IS NULL AND NEW.returned_at IS NOT NULL
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW), ARRAY['returned_at']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: deposit_orders % is closed (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;
