-- audit_log_seal: After an audit_log insert, seals the entry into the hash chain.
-- Owner: audit (a trigger function on its own tables).
--
-- As migration 0340_audit_chain explained it:

-- requires: audit_chain_append
CREATE OR REPLACE FUNCTION audit_log_seal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_chain_append(NEW);
  RETURN NULL;
END;
$$;
