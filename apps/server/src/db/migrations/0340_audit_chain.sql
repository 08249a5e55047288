-- The audit log becomes tamper-evident (docs/compliance.md, "Records, audit and reports"): every
-- entry is sealed into a hash chain, each link holding the SHA-256 of its entry's canonical form
-- and the hash of the link before it. Changing, deleting or slipping in an entry afterwards (as a
-- superuser could, bypassing the append-only triggers) breaks the chain at that entry, and
-- `npm run audit:verify` names it.
--
-- The link lives in its own append-only table, one row per entry, so audit_log stays insert-only
-- (no UPDATE of its rows, not even to seal them). A link is written at COMMIT by a deferred
-- constraint trigger that locks the one head row: the chain's order is the order writers commit
-- in, and two writers can never take the same place. Locking at commit makes the head the last
-- lock a writer takes, so it can never be part of a deadlock cycle; it is held only for the
-- commit itself. A rolled-back writer leaves no link and no gap.

-- The canonical form of an entry at a place in the chain: a JSON array of strings (or null), in
-- this order. `apps/server/src/modules/audit/audit-chain.ts` builds the same text to verify.
CREATE FUNCTION audit_entry_canonical(seq bigint, e audit_log, prev bytea) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '[' || array_to_string(ARRAY[
    to_json(seq::text)::text,
    to_json(e.id::text)::text,
    to_json(to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text,
    to_json(e.actor_type)::text,
    coalesce(to_json(e.actor_id)::text, 'null'),
    to_json(e.action)::text,
    to_json(e.subject_type)::text,
    to_json(e.subject_id)::text,
    coalesce(to_json(e.reason)::text, 'null'),
    coalesce(to_json(e.before::text)::text, 'null'),
    coalesce(to_json(e.after::text)::text, 'null'),
    to_json(encode(prev, 'hex'))::text
  ], ',') || ']'
$$;

-- Where the chain ends: its last place and hash (place 0 and 32 zero bytes before any entry).
CREATE TABLE audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  seq bigint NOT NULL,
  hash bytea NOT NULL
);

-- One link per entry: its place, the hash of the link before and its own hash.
CREATE TABLE audit_chain (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  entry_id bigint NOT NULL UNIQUE,
  prev_hash bytea NOT NULL,
  hash bytea NOT NULL,
  sealed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION audit_chain_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_chain_no_change BEFORE UPDATE OR DELETE ON audit_chain
  FOR EACH ROW EXECUTE FUNCTION audit_chain_reject_change();
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_reject_change();
CREATE TRIGGER audit_chain_head_no_delete BEFORE DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_reject_change();
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_reject_change();

-- Seal one entry at the end of the chain. The caller holds the head row's lock.
CREATE FUNCTION audit_chain_append(e audit_log) RETURNS void LANGUAGE plpgsql AS $$
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

-- The entries written before this migration, sealed in the order they were written.
INSERT INTO audit_chain_head (seq, hash) VALUES (0, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
DO $$
DECLARE
  e audit_log%ROWTYPE;
BEGIN
  FOR e IN SELECT * FROM audit_log ORDER BY id LOOP
    PERFORM audit_chain_append(e);
  END LOOP;
END;
$$;

CREATE FUNCTION audit_log_seal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_chain_append(NEW);
  RETURN NULL;
END;
$$;
-- At commit, in insertion order: the head is the last lock a writing transaction takes.
CREATE CONSTRAINT TRIGGER audit_log_seal AFTER INSERT ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_log_seal();
