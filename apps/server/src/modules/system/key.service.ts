import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ENCRYPTION_KEY_GRACE_MS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { decryptPayload, generateKeyPairJwk, importPrivateKey, toPublicJwk } from '@wps/shared/payload-crypto';
import type { EncryptedBody, RsaKeyResult } from '@wps/shared/schemas/session';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import {
  deleteKeysRetiredBefore,
  findCurrentKey,
  findKey,
  insertCurrentKeyIfNone,
  replaceCurrentKey,
  type EncryptionKeyRow,
} from './key.repository';

export type KeyContext = Pick<AppContext, 'db' | 'log'> & {
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
};

/** How long the current public key is reused before re-reading it (another instance may rotate). */
const CURRENT_KEY_CACHE_MS = 5000;
/** How long a cached key believed current is trusted before its retirement is re-checked. */
const CURRENT_KEY_RECHECK_MS = 10_000;
/** Retired keys are deleted this long after retirement; they stopped decrypting long before. */
const RETIRED_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

type CachedPrivateKey = { key: CryptoKey; retiredAt: number | null; checkedAt: number };

function newKeyId(): string {
  return crypto.randomBytes(12).toString('base64url');
}

function toResult(row: Pick<EncryptionKeyRow, 'keyId' | 'publicJwk'>): RsaKeyResult {
  return { keyId: row.keyId, jwk: toPublicJwk(row.publicJwk) as RsaKeyResult['jwk'] };
}

/**
 * Make sure a current key exists, creating the first one if needed. Safe when several instances
 * start together: only one insert wins (unique partial index) and everyone reads the winner.
 */
export async function ensureCurrentKey(db: Kysely<Database>, now: () => number = Date.now): Promise<EncryptionKeyRow> {
  const existing = await findCurrentKey(db);
  if (existing) return existing;
  const pair = await generateKeyPairJwk();
  await insertCurrentKeyIfNone(db, { keyId: newKeyId(), ...pair, createdAt: new Date(now()) });
  const current = await findCurrentKey(db);
  if (!current) throw new Error('no current encryption key after insert');
  return current;
}

/**
 * RSA key pairs for payload encryption (docs/api.md). The private halves live in the database
 * as JWK so every instance decrypts with the same keys; imported CryptoKeys are cached in memory.
 */
export function createKeyService(ctx: KeyContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? Date.now;
  let current: { result: RsaKeyResult; loadedAt: number } | undefined;
  const privateKeys = new Map<string, CachedPrivateKey>();

  async function loadPrivateKey(keyId: string): Promise<CachedPrivateKey | undefined> {
    const cached = privateKeys.get(keyId);
    if (cached && (cached.retiredAt !== null || now() - cached.checkedAt < CURRENT_KEY_RECHECK_MS)) return cached;
    const row = await findKey(db, keyId);
    if (!row) {
      privateKeys.delete(keyId);
      return undefined;
    }
    const key = cached?.key ?? (await importPrivateKey(row.privateJwk));
    const entry = { key, retiredAt: row.retiredAt ? row.retiredAt.getTime() : null, checkedAt: now() };
    privateKeys.set(keyId, entry);
    return entry;
  }

  return {
    /** The current public key (GET /wps/session/key/rsa), creating the first key lazily. */
    async getCurrentKey(): Promise<RsaKeyResult> {
      if (current && now() - current.loadedAt < CURRENT_KEY_CACHE_MS) return current.result;
      const row = await ensureCurrentKey(db, now);
      current = { result: toResult(row), loadedAt: now() };
      return current.result;
    },

    /**
     * Decrypt an encrypted body. Throws ENCRYPTION_KEY_EXPIRED for an unknown key or one retired
     * more than the grace period ago (the client fetches the current key and retries), and
     * DECRYPTION_FAILED for anything that does not decrypt to JSON.
     */
    async decryptBody(body: EncryptedBody): Promise<unknown> {
      const entry = await loadPrivateKey(body.keyId);
      if (!entry || (entry.retiredAt !== null && now() - entry.retiredAt > ENCRYPTION_KEY_GRACE_MS)) {
        if (entry) privateKeys.delete(body.keyId);
        throw new AppError(ErrorCode.ENCRYPTION_KEY_EXPIRED, 'Encryption key expired; fetch the current key and retry');
      }
      try {
        return await decryptPayload(entry.key, body);
      } catch {
        throw new AppError(ErrorCode.DECRYPTION_FAILED, 'The request body could not be decrypted');
      }
    },

    /** Make a new key current; the previous one keeps decrypting for ENCRYPTION_KEY_GRACE_MS. */
    async rotateKey(): Promise<RsaKeyResult> {
      const pair = await generateKeyPairJwk();
      const keyId = newKeyId();
      const at = now();
      await replaceCurrentKey(db, { keyId, ...pair, createdAt: new Date(at) });
      for (const entry of privateKeys.values()) {
        if (entry.retiredAt === null) entry.retiredAt = at;
      }
      const pruned = await deleteKeysRetiredBefore(db, new Date(at - RETIRED_KEY_RETENTION_MS));
      log.info({ keyId, pruned }, 'encryption key rotated');
      const result = toResult({ keyId, publicJwk: pair.publicJwk });
      current = { result, loadedAt: at };
      return result;
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
