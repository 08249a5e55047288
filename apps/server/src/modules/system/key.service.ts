import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  asSealedPayload,
  decryptPlaintext,
  generateKeyPairJwk,
  importPrivateKey,
  toPublicJwk,
} from '@wps/shared/payload-crypto';
import type { EncryptedBody, RsaKeyResult } from '@wps/shared/schemas/session';
import { parseEnv } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import {
  claimPayloadNonce,
  deleteExpiredNonces,
  deleteKeysRetiredBefore,
  findCurrentKey,
  findKey,
  insertCurrentKeyIfNone,
  replaceCurrentKey,
  replaceCurrentKeyIfDue,
  type EncryptionKeyRow,
} from './key.repository';

/** Key rotation and replay protection, from the environment (README configuration table). */
export type KeySettings = {
  /** A key older than this is replaced by the rotation job; 0 turns automatic rotation off. */
  rotationPeriodMs: number;
  /** How long a retired key still decrypts. */
  graceMs: number;
  /** An encrypted body's timestamp must be within this of the server's clock, either way. */
  replayWindowMs: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * ENCRYPTION_KEY_ROTATION_DAYS (default 30, 0 = never automatically), ENCRYPTION_KEY_GRACE_MINUTES
 * (default 10) and PAYLOAD_REPLAY_WINDOW_SECONDS (default 300, at least 1), parsed by the config schema.
 */
export function loadKeySettings(source?: NodeJS.ProcessEnv): KeySettings {
  const env = parseEnv(source);
  return {
    rotationPeriodMs: env.ENCRYPTION_KEY_ROTATION_DAYS * DAY_MS,
    graceMs: env.ENCRYPTION_KEY_GRACE_MINUTES * 60_000,
    replayWindowMs: env.PAYLOAD_REPLAY_WINDOW_SECONDS * 1000,
  };
}

export type KeyContext = Pick<AppContext, 'db' | 'log'> & {
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
  /** Defaults to loadKeySettings() (the environment). */
  settings?: KeySettings;
};

/** How long the current public key is reused before re-reading it (another instance may rotate). */
const CURRENT_KEY_CACHE_MS = 5000;
/** How long a cached key believed current is trusted before its retirement is re-checked. */
const CURRENT_KEY_RECHECK_MS = 10_000;
/** Retired keys are kept at least this long after retirement (and never less than the grace period). */
const RETIRED_KEY_RETENTION_MS = DAY_MS;

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
  const settings = ctx.settings ?? loadKeySettings();
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

  /** After this instance rotated: cached keys are retired, old retired keys pruned, the new key served. */
  async function afterRotation(keyId: string, publicJwk: JsonWebKey, at: number): Promise<RsaKeyResult> {
    for (const entry of privateKeys.values()) {
      if (entry.retiredAt === null) entry.retiredAt = at;
    }
    const pruned = await deleteKeysRetiredBefore(
      db,
      new Date(at - Math.max(RETIRED_KEY_RETENTION_MS, settings.graceMs)),
    );
    log.info({ keyId, pruned }, 'encryption key rotated');
    const result = toResult({ keyId, publicJwk });
    current = { result, loadedAt: at };
    return result;
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
     * Decrypt an encrypted body and return the call's own body. Throws ENCRYPTION_KEY_EXPIRED for
     * an unknown key or one retired more than the grace period ago (the client fetches the
     * current key and retries), DECRYPTION_FAILED for anything that does not decrypt to
     * `{ ts, nonce, body }`, PAYLOAD_STALE when `ts` is outside the replay window of the
     * server's clock, and PAYLOAD_REPLAYED for a nonce already seen inside the window (by any
     * instance: the nonces are claimed in the database).
     */
    async decryptBody(body: EncryptedBody): Promise<unknown> {
      const entry = await loadPrivateKey(body.keyId);
      if (!entry || (entry.retiredAt !== null && now() - entry.retiredAt > settings.graceMs)) {
        if (entry) privateKeys.delete(body.keyId);
        throw new AppError(ErrorCode.ENCRYPTION_KEY_EXPIRED, 'Encryption key expired; fetch the current key and retry');
      }
      let plaintext: unknown;
      try {
        plaintext = await decryptPlaintext(entry.key, body);
      } catch {
        throw new AppError(ErrorCode.DECRYPTION_FAILED, 'The request body could not be decrypted');
      }
      const sealed = asSealedPayload(plaintext);
      if (!sealed) {
        throw new AppError(
          ErrorCode.DECRYPTION_FAILED,
          'The decrypted payload must be { ts, nonce, body } (see docs/api.md)',
        );
      }
      const at = now();
      if (Math.abs(at - sealed.ts) > settings.replayWindowMs) {
        throw new AppError(
          ErrorCode.PAYLOAD_STALE,
          'The request timestamp is outside the accepted window; check the clock and send again',
          {
            serverTime: at,
            windowSeconds: settings.replayWindowMs / 1000,
          },
        );
      }
      // Remembered until its timestamp is stale on its own; after that the window refuses it.
      if (!(await claimPayloadNonce(db, sealed.nonce, new Date(sealed.ts + settings.replayWindowMs)))) {
        throw new AppError(
          ErrorCode.PAYLOAD_REPLAYED,
          'This encrypted body was already received; encrypt the request again',
        );
      }
      return sealed.body;
    },

    /** Make a new key current now (`npm run ops -- keys:rotate`); the previous one keeps decrypting for the grace period. */
    async rotateKey(): Promise<RsaKeyResult> {
      const pair = await generateKeyPairJwk();
      const keyId = newKeyId();
      const at = now();
      await replaceCurrentKey(db, { keyId, ...pair, createdAt: new Date(at) });
      return afterRotation(keyId, pair.publicJwk, at);
    },

    /**
     * The scheduled rotation: when the current key is older than the rotation period, replace
     * it. Safe from any number of instances at once (one rotates, the others find the new key)
     * and across restarts (the age is read from the database). Returns the new key, or null
     * when none was due.
     */
    async rotateIfDue(): Promise<RsaKeyResult | null> {
      if (settings.rotationPeriodMs <= 0) return null;
      const at = now();
      const dueBefore = new Date(at - settings.rotationPeriodMs);
      const currentRow = await findCurrentKey(db);
      // A cheap read first: a key pair is only generated when a rotation looks due.
      if (currentRow && currentRow.createdAt > dueBefore) return null;
      const pair = await generateKeyPairJwk();
      const keyId = newKeyId();
      if (!(await replaceCurrentKeyIfDue(db, { keyId, ...pair, createdAt: new Date(at) }, dueBefore))) return null;
      return afterRotation(keyId, pair.publicJwk, at);
    },

    /** Forget nonces whose bodies are stale anyway (the rotation job runs it); returns how many. */
    async pruneNonces(): Promise<number> {
      return deleteExpiredNonces(db, new Date(now()));
    },

    settings,
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
