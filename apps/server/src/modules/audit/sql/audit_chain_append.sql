-- audit_chain_append: Seals one audit entry at the end of the hash chain and advances the head.
-- Owner: audit (writes only audit tables).
--
-- As migration 0340_audit_chain explained it:
-- Seal one entry at the end of the chain. The caller holds the head row's lock.
-- requires: audit_entry_canonical
CREATE OR REPLACE FUNCTION audit_chain_append(e audit_log) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
  digest bytea;
BEGIN
  SELECT * INTO head FROM audit_chain_head FOR UPDATE;
  digest := sha256(convert_to(audit_entry_canonical(head.seq + 1, e, head.hash), 'UTF8'));
  INSERT INTO audit_chain (seq, entry_id, prev_hash, hash) VALUES (head.seq + 1, e.id, head.hash, digest);
  UPDATE audit_chain_head SET seq = head.seq + 1, hash = digest;
END;
$$;
