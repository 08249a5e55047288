-- audit_chain_reject_change: Refuses changes to the audit chain and to its head except the head's advance.
-- Owner: audit (a trigger function on its own tables).
--
-- As migration 0340_audit_chain explained it:

CREATE OR REPLACE FUNCTION audit_chain_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
