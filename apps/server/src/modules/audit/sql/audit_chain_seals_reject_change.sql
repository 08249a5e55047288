-- audit_chain_seals_reject_change: Refuses changes to written audit chain seals (append-only).
-- Owner: audit (a trigger function on its own tables).
--
-- As migration 0485_audit_chain_keyed_seals explained it:
-- Append-only like the chain: a seal once written is never changed or removed through the app.
CREATE OR REPLACE FUNCTION audit_chain_seals_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain_seals is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
