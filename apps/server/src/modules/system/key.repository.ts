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

/** Retire the current key and make `key` current, atomically. */
export async function replaceCurrentKey(
  db: Kysely<Database>,
  key: { keyId: string; publicJwk: JsonWebKey; privateJwk: JsonWebKey; createdAt: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_ROTATION_LOCK_ID})`.execute(trx);
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
  });
}

/** Delete keys retired before `cutoff`: their private halves are no longer needed. */
export async function deleteKeysRetiredBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const rows = await db.deleteFrom('encryption_keys').where('retired_at', '<', cutoff).returning('key_id').execute();
  return rows.length;
}
