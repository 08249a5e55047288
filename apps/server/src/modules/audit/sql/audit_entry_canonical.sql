-- audit_entry_canonical: The canonical text of an audit entry at its place in the chain, hashed by the chain and rebuilt by audit-chain.ts to verify.
-- Owner: audit (reads audit rows only).
--
-- As migration 0340_audit_chain explained it:
-- The canonical form of an entry at a place in the chain: a JSON array of strings (or null), in
-- this order. `apps/server/src/modules/audit/audit-chain.ts` builds the same text to verify.
CREATE OR REPLACE FUNCTION audit_entry_canonical(seq bigint, e audit_log, prev bytea) RETURNS text
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
