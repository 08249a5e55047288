import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditChainResult } from '@wps/shared/schemas/audit-chain';
import type { Database } from '../../db/schema';
import { sealOf, type AuditChainKeyring } from './audit-chain-key';
import { findUnsealedEntry, readChainHead, readChainLinks, type ChainLinkRow } from './audit-chain.repository';

// The audit log's hash chain (migration 0340; docs/compliance.md, "Records, audit and reports").
// The database seals each entry at commit; this file checks the chain on its own, in Node: it
// rebuilds each entry's canonical text from the stored fields and hashes it again, so a check does
// not trust the database's own functions to say the data is intact. Those hashes are plain SHA-256,
// which whoever writes to the database can recompute after a rewrite; the keyed seals (migration
// 0485, audit-chain-seal.ts) are what such a writer cannot make without AUDIT_CHAIN_KEY.

export const PAGE = 2_000;
export const GENESIS: Buffer = Buffer.alloc(32);
/**
 * How long a link may wait for its keyed seal before the check reports it: the sealing job runs
 * every minute (jobs/audit-chain-seal.job.ts), so a link older than this was skipped or its seal
 * removed.
 */
export const KEYED_SEAL_GRACE_MS = 15 * 60_000;

/**
 * The canonical serialisation of an entry at a place in the chain: a JSON array of strings (or
 * null), exactly as `audit_entry_canonical` (migration 0340) writes it. JSON.stringify escapes a
 * string as PostgreSQL's to_json does (quotes, backslash, control characters as \uXXXX lowercase).
 */
export function canonicalEntry(
  seq: string,
  e: Omit<ChainLinkRow, 'seq' | 'entryId' | 'prevHash' | 'hash'>,
  prev: Buffer,
): string {
  const fields = [
    seq,
    e.id,
    e.at,
    e.actorType,
    e.actorId,
    e.action,
    e.subjectType,
    e.subjectId,
    e.reason,
    e.before,
    e.after,
    prev.toString('hex'),
  ];
  return `[${fields.map((f) => (f === null ? 'null' : JSON.stringify(f))).join(',')}]`;
}

export function entryHash(
  seq: string,
  e: Omit<ChainLinkRow, 'seq' | 'entryId' | 'prevHash' | 'hash'>,
  prev: Buffer,
): Buffer {
  return crypto
    .createHash('sha256')
    .update(canonicalEntry(seq, e, prev), 'utf8')
    .digest();
}

export type Broken = NonNullable<AuditChainResult['firstBroken']>;

/**
 * A place's hash kept outside the database (`auditChain` in a regulator export's manifest);
 * `source` says where it was read, for the report.
 */
export type AuditChainAnchor = { seq: string; hash: string; source?: string };

/** `<seq>:<hash>` as typed on the command line. */
export function parseAnchor(text: string): AuditChainAnchor | undefined {
  const m = /^(\d+):([0-9a-fA-F]{64})$/.exec(text);
  return m ? { seq: m[1]!, hash: m[2]! } : undefined;
}

/** The first problem of one link, given the place and hash the link before it ended on. */
export function checkLink(link: ChainLinkRow, expectedSeq: bigint, prevHash: Buffer): Broken | null {
  const seq = link.seq;
  if (BigInt(seq) !== expectedSeq) {
    return {
      seq: expectedSeq.toString(),
      entryId: null,
      problem: 'sequence_gap',
      detail: `place ${expectedSeq} is missing: the chain goes on at place ${seq} (entry ${link.entryId})`,
    };
  }
  if (!link.prevHash.equals(prevHash)) {
    return {
      seq,
      entryId: link.entryId,
      problem: 'link_broken',
      detail: `carries previous hash ${link.prevHash.toString('hex')}, but the link before ends on ${prevHash.toString('hex')}`,
    };
  }
  if (link.id === null)
    return {
      seq,
      entryId: link.entryId,
      problem: 'entry_missing',
      detail: `entry ${link.entryId} was sealed at place ${seq} and no longer exists`,
    };
  const recomputed = entryHash(seq, link, prevHash);
  if (!recomputed.equals(link.hash)) {
    return {
      seq,
      entryId: link.entryId,
      problem: 'content_changed',
      detail: `sealed hash ${link.hash.toString('hex')}, the stored fields now hash to ${recomputed.toString('hex')}`,
    };
  }
  return null;
}

/**
 * The keyed seal of a link whose unkeyed checks held. Seals are written in chain order, so a link
 * without one is followed only by links without one (`unkeyed`: the first such link so far), and
 * none of them is older than the grace.
 */
function checkKeyedSeal(
  link: ChainLinkRow,
  keyring: AuditChainKeyring,
  unkeyed: ChainLinkRow | null,
  unkeyedBeforeMs: number,
): Broken | null {
  if (link.sealMac === null || link.sealKeyId === null) {
    if (link.linkedAtMs >= unkeyedBeforeMs) return null;
    return {
      seq: link.seq,
      entryId: link.entryId,
      problem: 'keyed_seal_missing',
      detail: `linked at ${new Date(link.linkedAtMs).toISOString()} and still without a keyed seal: the sealing job has not run since (see docs/operations.md), or the seal was removed`,
    };
  }
  if (unkeyed !== null) {
    return {
      seq: unkeyed.seq,
      entryId: unkeyed.entryId,
      problem: 'keyed_seal_missing',
      detail: `has no keyed seal, yet place ${link.seq} after it has one: seals are written in chain order, so this one was removed`,
    };
  }
  const key = keyring.byId.get(link.sealKeyId);
  if (!key) {
    return {
      seq: link.seq,
      entryId: link.entryId,
      problem: 'keyed_seal_mismatch',
      detail: `sealed under key ${link.sealKeyId}, which this server does not hold (AUDIT_CHAIN_KEY, AUDIT_CHAIN_OLD_KEYS)`,
    };
  }
  const expected = sealOf(key, link.seq, link.hash);
  if (!crypto.timingSafeEqual(expected, link.sealMac.length === 32 ? link.sealMac : Buffer.alloc(32))) {
    return {
      seq: link.seq,
      entryId: link.entryId,
      problem: 'keyed_seal_mismatch',
      detail: `the chain holds hash ${link.hash.toString('hex')} here, which is not the hash sealed with the key: this entry was rewritten and the chain sealed again without the key`,
    };
  }
  return null;
}

export type VerifyOptions = {
  now?: () => Date;
  /** Heads kept outside the database: each must still be in the chain. */
  anchors?: readonly AuditChainAnchor[];
  /** Overrides KEYED_SEAL_GRACE_MS (tests). */
  keyedSealGraceMs?: number;
};

/**
 * Check the whole chain from its first link to the head as read when the check begins (links
 * sealed meanwhile are left to the next check), then look for entries that were never linked.
 * Each link's keyed seal is checked with `keyring`. Reads in keyset pages of 2,000 links; stops at
 * the first broken link.
 */
export async function verifyAuditChain(
  db: Kysely<Database>,
  keyring: AuditChainKeyring,
  options: VerifyOptions = {},
): Promise<AuditChainResult> {
  const now = options.now ?? (() => new Date());
  const anchors = options.anchors ?? [];
  const anchorAt = new Map<string, AuditChainAnchor[]>();
  for (const a of anchors) anchorAt.set(a.seq, [...(anchorAt.get(a.seq) ?? []), a]);
  const unkeyedBeforeMs = now().getTime() - (options.keyedSealGraceMs ?? KEYED_SEAL_GRACE_MS);
  const head = await readChainHead(db);
  let expected = 1n;
  let prev: Buffer = GENESIS;
  let checked = 0;
  let unkeyed: ChainLinkRow | null = null;
  const result = (firstBroken: Broken | null): AuditChainResult => ({
    ok: firstBroken === null,
    checked,
    headSeq: head.seq.toString(),
    headHash: head.hash.toString('hex'),
    checkedAt: now().toISOString(),
    anchorsCompared: anchors.length,
    firstBroken,
  });
  const anchorBroken = (seq: string, entryId: string | null, holds: string): Broken | null => {
    const differs = (anchorAt.get(seq) ?? []).find((a) => a.hash.toLowerCase() !== holds);
    anchorAt.delete(seq);
    if (!differs) return null;
    const from = differs.source ? ` (${differs.source})` : '';
    return {
      seq,
      entryId,
      problem: 'anchor_mismatch',
      detail: `the hash kept outside the database for place ${seq}${from} is ${differs.hash}; the chain now holds ${holds}`,
    };
  };
  // A head taken before any entry was written: the chain starts from 32 zero bytes.
  const genesisBroken = anchorBroken('0', null, GENESIS.toString('hex'));
  if (genesisBroken) return result(genesisBroken);
  for (let after = 0n; after < head.seq; ) {
    const links = await readChainLinks(db, after, head.seq, PAGE);
    if (links.length === 0) break;
    for (const link of links) {
      const broken =
        checkLink(link, expected, prev) ??
        checkKeyedSeal(link, keyring, unkeyed, unkeyedBeforeMs) ??
        anchorBroken(link.seq, link.entryId, link.hash.toString('hex'));
      if (broken) return result(broken);
      if (link.sealMac === null) unkeyed ??= link;
      checked += 1;
      expected = BigInt(link.seq) + 1n;
      prev = link.hash;
    }
    after = BigInt(links.at(-1)!.seq);
  }
  if (expected - 1n !== head.seq) {
    return result({
      seq: expected.toString(),
      entryId: null,
      problem: 'sequence_gap',
      detail: `the head names place ${head.seq}, the chain ends at place ${expected - 1n}`,
    });
  }
  if (!prev.equals(head.hash)) {
    return result({
      seq: head.seq.toString(),
      entryId: null,
      problem: 'head_mismatch',
      detail: `the head holds ${head.hash.toString('hex')}, the last link ${prev.toString('hex')}`,
    });
  }
  const [missing] = anchorAt.values();
  if (missing?.[0] !== undefined) {
    const from = missing[0].source ? ` (${missing[0].source})` : '';
    return result({
      seq: missing[0].seq,
      entryId: null,
      problem: 'anchor_mismatch',
      detail: `the chain has no place ${missing[0].seq}, whose hash was kept outside the database${from}`,
    });
  }
  const unsealed = await findUnsealedEntry(db);
  if (unsealed)
    return result({
      seq: null,
      entryId: unsealed,
      problem: 'unsealed_entry',
      detail: `entry ${unsealed} is in the log but was never sealed into the chain`,
    });
  return result(null);
}

/**
 * The chain's head as a hex hash and its place: the daily regulator export writes it into its
 * manifest, so a copy outside the database anchors the chain (rewriting an earlier entry and every
 * link after it would no longer match what the regulator holds).
 */
export async function auditChainHead(db: Kysely<Database>): Promise<{ seq: string; hash: string }> {
  const head = await readChainHead(db);
  return { seq: head.seq.toString(), hash: head.hash.toString('hex') };
}
