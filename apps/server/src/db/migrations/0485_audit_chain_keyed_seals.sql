-- The audit chain gets keyed seals (docs/decisions.md, "The audit chain is sealed with a key the
-- database does not hold"; docs/compliance.md, "Records, audit and reports").
--
-- A correction to migration 0340's opening comment, which this project cannot edit in place
-- (applied migrations are never changed; the migrator keeps no checksum to catch it, so the
-- correction is written here and in docs/compliance.md instead): a superuser's change is NOT always
-- found by the unkeyed chain. Its hashes are plain SHA-256 of data the database holds, so whoever
-- can change an entry can also run `audit_chain_append` again over it and every link after it,
-- head included; the result is a consistent chain that the unkeyed check passes. Only a value the
-- database cannot compute catches that: the HMAC seals below, or a head kept outside the database
-- (the regulator export's manifest).
--
-- One seal per link: HMAC-SHA256, under AUDIT_CHAIN_KEY (server configuration, never stored in the
-- database), of the link's place and hash (apps/server/src/modules/audit/audit-chain-key.ts). The
-- server writes them shortly after the links are committed (the `audit-chain-seal` job, every
-- minute), in chain order, after checking each link again; the database cannot compute them,
-- because it never holds the key. `key_id` names the key (a digest of it, not the key) so that a
-- rotated key's older seals still verify with AUDIT_CHAIN_OLD_KEYS.
--
-- Switch-over: the entries already chained when this runs have no seal; the first sealing run
-- seals them all, from place 1, after checking the unkeyed chain over them. Their seals vouch for
-- the chain as it stood then; a rewrite before that moment is found only by the export anchors
-- taken before it (`npm run audit:verify -- <seq>:<hash>` with the regulator manifests' heads).
CREATE TABLE audit_chain_seals (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{16}$'),
  mac bytea NOT NULL CHECK (length(mac) = 32),
  sealed_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only like the chain: a seal once written is never changed or removed through the app.
CREATE FUNCTION audit_chain_seals_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain_seals is append-only (% rejected)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_chain_seals_no_change BEFORE UPDATE OR DELETE ON audit_chain_seals
  FOR EACH ROW EXECUTE FUNCTION audit_chain_seals_reject_change();
CREATE TRIGGER audit_chain_seals_no_truncate BEFORE TRUNCATE ON audit_chain_seals
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_seals_reject_change();
