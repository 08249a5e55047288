import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sealOf, type AuditChainKeyring } from './audit-chain-key';
import { insertSeals, readChainHead, readChainLinks, readLastSeal } from './audit-chain.repository';
import { GENESIS, PAGE, checkLink } from './audit-chain';

// Keyed seals for the links the database wrote (migration 0485; docs/decisions.md, "The audit
// chain is sealed with a key the database does not hold"). The database links each entry at commit
// with plain SHA-256; the server then seals each new link with an HMAC under AUDIT_CHAIN_KEY, which
// the database never holds. Run every minute by jobs/audit-chain-seal.job.ts.

/** Thrown when the chain the sealer would continue does not hold: it seals nothing on top of it. */
export class AuditChainSealRefused extends Error {}

/**
 * Seal, in chain order, every link after the last sealed one up to the head read now; returns how
 * many were sealed. Before sealing, the last seal is checked against its link and every new link
 * is checked as the verification does (place, previous hash, entry present, content hash), so a
 * link already rewritten is never sealed. `sealedUpTo` is the highest place this process sealed:
 * seals are never removed, so a chain whose last seal is below it lost seals, and is refused.
 */
export async function sealAuditChain(
  db: Kysely<Database>,
  keyring: AuditChainKeyring,
  sealedUpTo = 0n,
): Promise<{ sealed: number; lastSeq: bigint }> {
  const last = await readLastSeal(db);
  const lastSeq = last?.seq ?? 0n;
  if (lastSeq < sealedUpTo)
    throw new AuditChainSealRefused(
      `audit chain: this server sealed up to place ${sealedUpTo}, the last seal now is at place ${lastSeq}: seals were removed (npm run audit:verify names the place)`,
    );
  let prev = GENESIS;
  if (last) {
    const key = keyring.byId.get(last.keyId);
    if (!key)
      throw new AuditChainSealRefused(
        `audit chain: the last seal (place ${last.seq}) is under key ${last.keyId}, which this server does not hold (AUDIT_CHAIN_KEY, AUDIT_CHAIN_OLD_KEYS)`,
      );
    if (
      last.hash === null ||
      last.mac.length !== 32 ||
      !crypto.timingSafeEqual(sealOf(key, last.seq.toString(), last.hash), last.mac)
    )
      throw new AuditChainSealRefused(
        `audit chain: the link at place ${last.seq} no longer matches its keyed seal: the chain was rewritten (npm run audit:verify names the entry)`,
      );
    prev = last.hash;
  }
  const head = await readChainHead(db);
  let expected = lastSeq + 1n;
  let sealed = 0;
  for (let after = lastSeq; after < head.seq; ) {
    const links = await readChainLinks(db, after, head.seq, PAGE);
    if (links.length === 0) break;
    const seals: { seq: string; keyId: string; mac: Buffer }[] = [];
    for (const link of links) {
      const broken = checkLink(link, expected, prev);
      if (broken)
        throw new AuditChainSealRefused(
          `audit chain: place ${broken.seq ?? '-'} (entry ${broken.entryId ?? '-'}) does not hold (${broken.problem}); nothing after it is sealed`,
        );
      seals.push({ seq: link.seq, keyId: keyring.current.id, mac: sealOf(keyring.current, link.seq, link.hash) });
      expected = BigInt(link.seq) + 1n;
      prev = link.hash;
    }
    await insertSeals(db, seals);
    sealed += seals.length;
    after = BigInt(links.at(-1)!.seq);
  }
  return { sealed, lastSeq: expected - 1n };
}
