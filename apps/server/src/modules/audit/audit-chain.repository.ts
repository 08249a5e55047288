import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One link of the chain with its entry as it is stored now (null fields when the entry is gone). */
export type ChainLinkRow = {
  seq: string;
  entryId: string;
  prevHash: Buffer;
  hash: Buffer;
  /** The entry's columns in the text forms the canonical serialisation uses (migration 0340). */
  id: string | null;
  at: string | null;
  actorType: string | null;
  actorId: string | null;
  action: string | null;
  subjectType: string | null;
  subjectId: string | null;
  reason: string | null;
  before: string | null;
  after: string | null;
  /** When the database linked it (audit_chain.sealed_at), as epoch milliseconds. */
  linkedAtMs: number;
  /** Its keyed seal (migration 0485), when one was written. */
  sealKeyId: string | null;
  sealMac: Buffer | null;
};

const toBuffer = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

/** The chain's head: its last place and hash. */
export async function readChainHead(db: Db): Promise<{ seq: bigint; hash: Buffer }> {
  const { rows } = await sql<{
    seq: string;
    hash: Uint8Array;
  }>`SELECT seq::text AS seq, hash FROM audit_chain_head`.execute(db);
  const head = rows[0];
  if (!head) return { seq: 0n, hash: Buffer.alloc(32) };
  return { seq: BigInt(head.seq), hash: toBuffer(head.hash) };
}

/** Links after place `afterSeq` up to `lastSeq`, in chain order, with their entries (keyset by place). */
export async function readChainLinks(
  db: Db,
  afterSeq: bigint,
  lastSeq: bigint,
  limit: number,
): Promise<ChainLinkRow[]> {
  const { rows } = await sql<ChainLinkRow>`
    SELECT c.seq::text AS "seq", c.entry_id::text AS "entryId", c.prev_hash AS "prevHash", c.hash AS "hash",
           e.id::text AS "id", to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "at",
           e.actor_type AS "actorType", e.actor_id AS "actorId", e.action AS "action",
           e.subject_type AS "subjectType", e.subject_id AS "subjectId", e.reason AS "reason",
           e.before::text AS "before", e.after::text AS "after",
           (extract(epoch FROM c.sealed_at) * 1000)::float8 AS "linkedAtMs",
           s.key_id AS "sealKeyId", s.mac AS "sealMac"
    FROM audit_chain c LEFT JOIN audit_log e ON e.id = c.entry_id
    LEFT JOIN audit_chain_seals s ON s.seq = c.seq
    WHERE c.seq > ${afterSeq.toString()}::bigint AND c.seq <= ${lastSeq.toString()}::bigint
    ORDER BY c.seq
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    ...r,
    linkedAtMs: Number(r.linkedAtMs),
    prevHash: toBuffer(r.prevHash),
    hash: toBuffer(r.hash),
    sealMac: r.sealMac === null ? null : toBuffer(r.sealMac),
  }));
}

/** The last keyed seal in chain order and the hash its link holds now (null: no seal yet, or its link is gone). */
export async function readLastSeal(
  db: Db,
): Promise<{ seq: bigint; keyId: string; mac: Buffer; hash: Buffer | null } | null> {
  const { rows } = await sql<{ seq: string; keyId: string; mac: Uint8Array; hash: Uint8Array | null }>`
    SELECT s.seq::text AS "seq", s.key_id AS "keyId", s.mac AS "mac", c.hash AS "hash"
    FROM audit_chain_seals s LEFT JOIN audit_chain c ON c.seq = s.seq
    ORDER BY s.seq DESC LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return { seq: BigInt(r.seq), keyId: r.keyId, mac: toBuffer(r.mac), hash: r.hash === null ? null : toBuffer(r.hash) };
}

/** Store keyed seals; a place another sealer sealed meanwhile keeps its seal (the same one, under the same key). */
export async function insertSeals(db: Db, seals: { seq: string; keyId: string; mac: Buffer }[]): Promise<void> {
  if (seals.length === 0) return;
  await db
    .insertInto('audit_chain_seals')
    .values(seals.map((s) => ({ seq: s.seq, key_id: s.keyId, mac: s.mac })))
    .onConflict((oc) => oc.column('seq').doNothing())
    .execute();
}

/**
 * The first committed entry that has no link: written with the sealing trigger switched off. Every
 * entry committed through the app is linked in its own commit, so none is ever legitimately missing.
 */
export async function findUnsealedEntry(db: Db): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    SELECT e.id::text AS id FROM audit_log e
    WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.entry_id = e.id)
    ORDER BY e.id LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}
