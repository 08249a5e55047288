import crypto from 'node:crypto';

// The key of the audit chain's seals (migration 0485; docs/decisions.md, "The audit chain is sealed
// with a key the database does not hold"). The chain's own hashes are plain SHA-256, which anyone
// who can write to the database can recompute after rewriting an entry; an HMAC under a key kept in
// the server's configuration cannot be recomputed there.

/**
 * Used only when AUDIT_CHAIN_KEY is unset outside production (development and tests). It is
 * printed here, so seals made with it prove nothing; production refuses to start without a key of
 * its own (productionRefusals) and refuses this one.
 */
export const DEVELOPMENT_AUDIT_CHAIN_KEY = 'wps-development-audit-chain-key-proves-nothing';
/** A key shorter than this is refused in production: a guessable key is no key. */
export const AUDIT_CHAIN_KEY_MIN_LENGTH = 32;

export type AuditChainKey = { id: string; key: Buffer };

/** The key new seals are made with, and every key a stored seal may name (the current one and AUDIT_CHAIN_OLD_KEYS). */
export type AuditChainKeyring = { current: AuditChainKey; byId: ReadonlyMap<string, AuditChainKey> };

/** A key's id: a digest of the key (16 hex digits), stored beside each seal; it does not reveal the key. */
function keyOf(text: string): AuditChainKey {
  const key = Buffer.from(text, 'utf8');
  const id = crypto.createHmac('sha256', key).update('wps-audit-chain-key-id').digest('hex').slice(0, 16);
  return { id, key };
}

/** Why a key may not seal a production chain, or undefined when it may. */
export function auditChainKeyProblem(key: string | undefined): string | undefined {
  if (!key) return 'is not set';
  if (key.length < AUDIT_CHAIN_KEY_MIN_LENGTH) return `is shorter than ${AUDIT_CHAIN_KEY_MIN_LENGTH} characters`;
  if (key === DEVELOPMENT_AUDIT_CHAIN_KEY) return 'is the development key printed in this repository';
  return undefined;
}

/**
 * The keyring from the configuration. Outside production an unset key means the development key;
 * in production a missing or weak key throws (the server never gets here: assertProductionSafe
 * refuses first; this stops `npm run audit:verify` and the ops commands the same way).
 */
export function auditChainKeyring(config: {
  nodeEnv: string;
  auditChainKey?: string | undefined;
  auditChainOldKeys?: readonly string[] | undefined;
}): AuditChainKeyring {
  const problem = auditChainKeyProblem(config.auditChainKey);
  if (config.nodeEnv === 'production' && problem)
    throw new Error(`AUDIT_CHAIN_KEY ${problem}: the audit chain cannot be sealed or checked with a key of its own.`);
  const current = keyOf(config.auditChainKey || DEVELOPMENT_AUDIT_CHAIN_KEY);
  const byId = new Map<string, AuditChainKey>();
  for (const text of config.auditChainOldKeys ?? []) {
    const old = keyOf(text);
    byId.set(old.id, old);
  }
  byId.set(current.id, current);
  return { current, byId };
}

/** The seal of the link at place `seq` whose hash is `hash`: the hash covers the entry and every link before it. */
export function sealOf(key: AuditChainKey, seq: string, hash: Buffer): Buffer {
  return crypto
    .createHmac('sha256', key.key)
    .update(`wps-audit-chain-seal/v1\n${seq}\n${hash.toString('hex')}`, 'utf8')
    .digest();
}
