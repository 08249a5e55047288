-- Records that cannot be deleted (docs/compliance.md, "Records that cannot be deleted"; the
-- choice of triggers over role grants: docs/decisions.md, "Records refuse deletion in the database").
--
-- The licence asks the operator to keep every bet, payment, identity check and responsible-gambling
-- record, unchanged once it is closed (Law 14.790/2023; SPA/MF 722/2024 and 1.143/2024). No code
-- deletes them (modules/records/retention.test.ts); these triggers make the database refuse it too,
-- for every user that writes through SQL, the application's own included:
--
--   - DELETE and TRUNCATE of the tables below are refused, whatever the row (SQLSTATE RC001);
--   - UPDATE of a closed row is refused (SQLSTATE RC002), except the changes named per table, each
--     a step the record still takes after it closed, with why.
--
-- Open rows keep changing as before. The UPDATE triggers of the busy tables (rounds, bets, tickets,
-- orders, checks) are row triggers whose WHEN clause is the closed state, evaluated without calling
-- a function, so an UPDATE of an open row (a bet's round, a lottery draw's million tickets
-- settling) pays the comparison and the trigger's bookkeeping, about 0.7 µs a row as measured
-- (docs/decisions.md, "Records refuse deletion in the database"), and no call. rg_exclusions'
-- trigger runs on every UPDATE: an exclusion changes a few times in its life.
--
-- The ledger (ledger_transactions, ledger_entries, ledger_holds), the audit log and its chain and
-- the regulator's exports were append-only already (migrations 0003, 0020, 0340, 0341, 0485).
--
-- Only a superuser (session_replication_role = replica) or the tables' owner (ALTER TABLE … DISABLE
-- TRIGGER, a DDL statement) can switch these off; see docs/decisions.md for what that leaves.

CREATE FUNCTION records_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record kept: % is never deleted (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'RC001', HINT = 'records are kept for the licence; a mistake is corrected by a new record';
END;
$$;

-- The refusal of an UPDATE of a closed row, named by the row's id where it has one.
CREATE FUNCTION records_refuse_closed_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record closed: % % is closed (UPDATE refused)', TG_TABLE_NAME, coalesce(to_jsonb(OLD) ->> 'id', '')
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;

-- Whether NEW equals OLD in every column but `allowed`: the shape of each exception below.
CREATE FUNCTION records_same_except(p_old jsonb, p_new jsonb, p_allowed text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_old - p_allowed) = (p_new - p_allowed);
$$;

-- ---------------------------------------------------------------------------------------------
-- game_rounds: closed once settled. Nothing changes a settled round: a late win, rollback or a
-- second end-round is refused by seamless_apply (migration 0500) and seamless-rollback.ts before
-- any write (round_settled), closeRounds and the lottery's settlement touch open rounds only, and
-- a round's totals (total_win, refund_kept) only move while it is open.
CREATE TRIGGER game_rounds_closed_no_update BEFORE UPDATE ON game_rounds
  FOR EACH ROW WHEN (OLD.status = 'settled') EXECUTE FUNCTION records_refuse_closed_update();

-- ---------------------------------------------------------------------------------------------
-- round_bets: a bet, win or rollback is written pending (a rollback's claim) and completed once.
-- Closed: refused, rolled_back, cancelled (a rollback's tombstone) and done. An accepted bet is
-- closed when its round is settled; before that its one change is the rollback (status
-- accepted → rolled_back, nothing else on the row; seamless-rollback.ts markBetRolledBack).
CREATE FUNCTION round_bets_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'accepted' AND NEW.status = 'rolled_back'
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW), ARRAY['status'])
     AND NOT EXISTS (
       SELECT 1 FROM game_rounds AS r
       WHERE r.vassalage = OLD.vassalage AND r.round_id = OLD.round_id AND r.status = 'settled') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: round_bets % is closed (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;
CREATE TRIGGER round_bets_closed_no_update BEFORE UPDATE ON round_bets
  FOR EACH ROW WHEN (OLD.status <> 'pending') EXECUTE FUNCTION round_bets_guard_update();

-- ---------------------------------------------------------------------------------------------
-- inhouse_rounds (our own games' provably-fair record): pending until its money went through,
-- then settled or refused for good (inhouse.repository.ts finishRound moves pending rows only).
CREATE TRIGGER inhouse_rounds_closed_no_update BEFORE UPDATE ON inhouse_rounds
  FOR EACH ROW WHEN (OLD.status <> 'pending') EXECUTE FUNCTION records_refuse_closed_update();

-- ---------------------------------------------------------------------------------------------
-- lottery_tickets: pending → open → won | lost | refunded, or refused. Closed: won, lost,
-- refunded, refused. Every UPDATE the lottery makes names status = 'open' (placement's refusals,
-- settlement, a voided draw's refunds), and a draw is voided only before it settles.
CREATE TRIGGER lottery_tickets_closed_no_update BEFORE UPDATE ON lottery_tickets
  FOR EACH ROW WHEN (OLD.status NOT IN ('pending', 'open')) EXECUTE FUNCTION records_refuse_closed_update();

-- ---------------------------------------------------------------------------------------------
-- deposit_orders: pending → credited | failed | expired | returned. Closed: all but pending, with
-- two steps a closed order still takes, each once:
--   - an expired order whose money arrives late is resolved again (deposit.service.ts: a late
--     manual transfer confirmed by an operator, a late gateway payment): to credited, to failed
--     (a deposit limit refuses it where it is credited) or to returned (another payer's money under
--     BR). The money was the player's, so it is never left on the gateway's account; only the
--     resolution's columns change, and from expired only (a credited order is never resolved again).
--   - a returned order records when the gateway confirmed the money went back (returned_at, from
--     null; deposit-returns.repository.ts markOrderReturned).
CREATE FUNCTION deposit_orders_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER deposit_orders_closed_no_update BEFORE UPDATE ON deposit_orders
  FOR EACH ROW WHEN (OLD.status <> 'pending') EXECUTE FUNCTION deposit_orders_guard_update();

-- ---------------------------------------------------------------------------------------------
-- withdrawal_orders: pending → approved (paid) | rejected; approved → completed (received) |
-- disputed; disputed → completed. Rejected and completed are closed. An approved order was paid:
-- its amount, payee, hold and decision never change again; it only records the player's answer
-- (completed or disputed: confirmation, confirmed_at; withdrawal-receipt.ts), and a disputed one
-- its resolution (completed: resolution_note, resolved_at; withdrawal-review.ts).
CREATE FUNCTION withdrawal_orders_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER withdrawal_orders_closed_no_update BEFORE UPDATE ON withdrawal_orders
  FOR EACH ROW WHEN (OLD.status <> 'pending') EXECUTE FUNCTION withdrawal_orders_guard_update();

-- ---------------------------------------------------------------------------------------------
-- kyc_checks: pending → review → passed | failed. A decided check (passed, failed) is closed: a
-- new check is a new row (kyc.service.ts decide moves a check from the status it was read in).
CREATE TRIGGER kyc_checks_closed_no_update BEFORE UPDATE ON kyc_checks
  FOR EACH ROW WHEN (OLD.status IN ('passed', 'failed')) EXECUTE FUNCTION records_refuse_closed_update();

-- ---------------------------------------------------------------------------------------------
-- Responsible gambling (migration 0330).
-- rg_history: every change, append-only: no row is ever updated.
CREATE TRIGGER rg_history_no_update BEFORE UPDATE ON rg_history
  FOR EACH ROW EXECUTE FUNCTION records_refuse_closed_update();

-- rg_exclusions: a time-out or self-exclusion keeps its terms (kind, start, end, the hashes that
-- refuse a new account) for good, so none is shortened by an UPDATE; while in force it records the
-- request to end an expired self-exclusion (reopen_requested_at, cooling_off_until) and its end
-- (ended_at), each once, from null (rg-access.ts). Once ended it is closed.
CREATE FUNCTION rg_exclusions_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.ended_at IS NULL
     AND records_same_except(to_jsonb(OLD), to_jsonb(NEW), ARRAY['reopen_requested_at', 'cooling_off_until', 'ended_at'])
     AND (OLD.reopen_requested_at IS NULL OR NEW.reopen_requested_at IS NOT DISTINCT FROM OLD.reopen_requested_at)
     AND (OLD.cooling_off_until IS NULL OR NEW.cooling_off_until IS NOT DISTINCT FROM OLD.cooling_off_until) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'record closed: rg_exclusions % is closed or keeps its terms (UPDATE refused)', OLD.id
    USING ERRCODE = 'RC002', HINT = 'an exclusion is never shortened or reopened; a mistake is corrected by a new record';
END;
$$;
CREATE TRIGGER rg_exclusions_guard_update BEFORE UPDATE ON rg_exclusions
  FOR EACH ROW EXECUTE FUNCTION rg_exclusions_guard_update();

-- rg_limits and rg_players hold the limits and the reality check in force: they change with every
-- change the player makes (each one kept in rg_history and sealed into the audit chain), but a row
-- is never deleted (a removed limit keeps its row with no value).

-- ---------------------------------------------------------------------------------------------
-- No DELETE, no TRUNCATE. Statement triggers: a DELETE is refused even when it would match no row,
-- so no code path can hold one that "usually deletes nothing".
CREATE TRIGGER game_rounds_no_delete BEFORE DELETE ON game_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER game_rounds_no_truncate BEFORE TRUNCATE ON game_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_no_delete BEFORE DELETE ON round_bets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_no_truncate BEFORE TRUNCATE ON round_bets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER inhouse_rounds_no_delete BEFORE DELETE ON inhouse_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER inhouse_rounds_no_truncate BEFORE TRUNCATE ON inhouse_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER lottery_tickets_no_delete BEFORE DELETE ON lottery_tickets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER lottery_tickets_no_truncate BEFORE TRUNCATE ON lottery_tickets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER deposit_orders_no_delete BEFORE DELETE ON deposit_orders FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER deposit_orders_no_truncate BEFORE TRUNCATE ON deposit_orders FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER withdrawal_orders_no_delete BEFORE DELETE ON withdrawal_orders FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER withdrawal_orders_no_truncate BEFORE TRUNCATE ON withdrawal_orders FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER kyc_checks_no_delete BEFORE DELETE ON kyc_checks FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER kyc_checks_no_truncate BEFORE TRUNCATE ON kyc_checks FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_history_no_delete BEFORE DELETE ON rg_history FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_history_no_truncate BEFORE TRUNCATE ON rg_history FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_exclusions_no_delete BEFORE DELETE ON rg_exclusions FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_exclusions_no_truncate BEFORE TRUNCATE ON rg_exclusions FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_limits_no_delete BEFORE DELETE ON rg_limits FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_limits_no_truncate BEFORE TRUNCATE ON rg_limits FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_players_no_delete BEFORE DELETE ON rg_players FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER rg_players_no_truncate BEFORE TRUNCATE ON rg_players FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
