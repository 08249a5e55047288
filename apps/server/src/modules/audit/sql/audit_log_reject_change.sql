-- audit_log_reject_change: Refuses UPDATE/DELETE of audit_log rows (append-only).
-- Owner: audit (a trigger function on its own tables).
--
-- As migration 0020_operators_audit_notices explained it:
-- Append-only, enforced by the database like the ledger tables.
CREATE OR REPLACE FUNCTION audit_log_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
