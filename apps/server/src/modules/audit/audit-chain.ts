import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditChainResult } from '@wps/shared/schemas/audit-chain';
import type { Database } from '../../db/schema';
import { findUnsealedEntry, readChainHead, readChainLinks, type ChainLinkRow } from './audit-chain.repository';

// The audit log's hash chain (migration 0340; docs/compliance.md, "Records, audit and reports").
// The database seals each entry at commit; this file checks the chain on its own, in Node: it
// rebuilds each entry's canonical text from the stored fields and hashes it again, so a check does
// not trust the database's own functions to say the data is intact.

const PAGE = 2_000;
const GENESIS: Buffer = Buffer.alloc(32);

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

type Broken = NonNullable<AuditChainResult['firstBroken']>;

/** A place's hash kept outside the database (`auditChain` in a regulator export's manifest). */
export type AuditChainAnchor = { seq: string; hash: string };

/** `<seq>:<hash>` as typed on the command line. */
export function parseAnchor(text: string): AuditChainAnchor | undefined {
  const m = /^(\d+):([0-9a-fA-F]{64})$/.exec(text);
  return m ? { seq: m[1]!, hash: m[2]! } : undefined;
}

/** The first problem of one link, given the place and hash the link before it ended on. */
function checkLink(link: ChainLinkRow, expectedSeq: bigint, prevHash: Buffer): Broken | null {
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
 * Check the whole chain from its first link to the head as read when the check begins (links
 * sealed meanwhile are left to the next check), then look for entries that were never linked.
 * Reads in keyset pages of 2,000 links; stops at the first broken link.
 */
export async function verifyAuditChain(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
  anchors: readonly AuditChainAnchor[] = [],
): Promise<AuditChainResult> {
  const anchorAt = new Map(anchors.map((a) => [a.seq, a.hash.toLowerCase()]));
  const head = await readChainHead(db);
  let expected = 1n;
  let prev: Buffer = GENESIS;
  let checked = 0;
  const result = (firstBroken: Broken | null): AuditChainResult => ({
    ok: firstBroken === null,
    checked,
    headSeq: head.seq.toString(),
    headHash: head.hash.toString('hex'),
    checkedAt: now().toISOString(),
    firstBroken,
  });
  for (let after = 0n; after < head.seq; ) {
    const links = await readChainLinks(db, after, head.seq, PAGE);
    if (links.length === 0) break;
    for (const link of links) {
      const broken = checkLink(link, expected, prev);
      if (broken) return result(broken);
      const anchored = anchorAt.get(link.seq);
      if (anchored !== undefined && anchored !== link.hash.toString('hex')) {
        return result({
          seq: link.seq,
          entryId: link.entryId,
          problem: 'anchor_mismatch',
          detail: `the hash kept outside the database for place ${link.seq} is ${anchored}; the chain now holds ${link.hash.toString('hex')}`,
        });
      }
      anchorAt.delete(link.seq);
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
  const [missing] = anchorAt.keys();
  if (missing !== undefined)
    return result({
      seq: missing,
      entryId: null,
      problem: 'anchor_mismatch',
      detail: `the chain has no place ${missing}, whose hash was kept outside the database`,
    });
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
