import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type EncryptionKeyRow = {
  keyId: string;
  publicJwk: JsonWebKey;
  privateJwk: JsonWebKey;
  createdAt: Date;
  retiredAt: Date | null;
};

/** Arbitrary but fixed: rotations take this lock so two at once cannot both retire and insert. */
const KEY_ROTATION_LOCK_ID = 727_274_005;

const COLUMNS = [
  'key_id as keyId',
  'public_jwk as publicJwk',
  'private_jwk as privateJwk',
  'created_at as createdAt',
  'retired_at as retiredAt',
] as const;

/** The current key (not retired), if any. */
export async function findCurrentKey(db: Kysely<Database>): Promise<EncryptionKeyRow | undefined> {
  return db.selectFrom('encryption_keys').select(COLUMNS).where('retired_at', 'is', null).executeTakeFirst();
}

/** One key by id, current or retired. */
export async function findKey(db: Kysely<Database>, keyId: string): Promise<EncryptionKeyRow | undefined> {
  return db.selectFrom('encryption_keys').select(COLUMNS).where('key_id', '=', keyId).executeTakeFirst();
}

/** Insert a key as current unless another is already current; returns whether it was inserted. */
export async function insertCurrentKeyIfNone(
  db: Kysely<Database>,
  key: { keyId: string; publicJwk: JsonWebKey; privateJwk: JsonWebKey; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insertInto('encryption_keys')
    .values({
      key_id: key.keyId,
      public_jwk: JSON.stringify(key.publicJwk),
      private_jwk: JSON.stringify(key.privateJwk),
      created_at: key.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('key_id')
    .execute();
  return rows.length > 0;
}

type NewKey = { keyId: string; publicJwk: JsonWebKey; privateJwk: JsonWebKey; createdAt: Date };

/** Under the rotation lock: retire whatever is current and insert `key` as current. */
async function retireAndInsert(trx: Kysely<Database>, key: NewKey): Promise<void> {
  await trx.updateTable('encryption_keys').set({ retired_at: key.createdAt }).where('retired_at', 'is', null).execute();
  await trx
    .insertInto('encryption_keys')
    .values({
      key_id: key.keyId,
      public_jwk: JSON.stringify(key.publicJwk),
      private_jwk: JSON.stringify(key.privateJwk),
      created_at: key.createdAt,
    })
    .execute();
}

/** Retire the current key and make `key` current, atomically (the manual rotation). */
export async function replaceCurrentKey(db: Kysely<Database>, key: NewKey): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_ROTATION_LOCK_ID})`.execute(trx);
    await retireAndInsert(trx, key);
  });
}

/**
 * The scheduled rotation: make `key` current only when the current key was created at or before
 * `dueBefore` (or there is none). The decision is taken under the rotation lock, so when several
 * instances find the key due at once, the first rotates and the others see its fresh key and
 * do nothing. Returns whether this call rotated.
 */
export async function replaceCurrentKeyIfDue(db: Kysely<Database>, key: NewKey, dueBefore: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_ROTATION_LOCK_ID})`.execute(trx);
    const current = await findCurrentKey(trx);
    if (current && current.createdAt > dueBefore) return false;
    await retireAndInsert(trx, key);
    return true;
  });
}

/**
 * Claim a payload nonce until `expiresAt`: true the first time, false for a nonce already
 * claimed (a replay), by any instance. One statement on the primary key, so two instances
 * racing on the same body cannot both win.
 */
export async function claimPayloadNonce(db: Kysely<Database>, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insertInto('payload_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .execute();
  return rows.length > 0;
}

/** Forget nonces whose bodies are stale anyway; returns how many. */
export async function deleteExpiredNonces(db: Kysely<Database>, before: Date): Promise<number> {
  const res = await db.deleteFrom('payload_nonces').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Delete keys retired before `cutoff`: their private halves are no longer needed. */
export async function deleteKeysRetiredBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const rows = await db.deleteFrom('encryption_keys').where('retired_at', '<', cutoff).returning('key_id').execute();
  return rows.length;
}
