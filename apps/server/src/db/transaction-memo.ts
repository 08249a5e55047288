import type { Kysely } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

/*
 * Facts a transaction may keep once read, because a lock it took keeps them true until it ends
 * (a row read FOR SHARE cannot change under it). A rollback to a savepoint releases the locks taken
 * after the savepoint, so `runInSavepoint` forgets everything kept for the transaction then: the
 * next reader reads (and locks) again. Never used outside a transaction, where no lock outlives
 * the statement.
 */
const memos = new WeakMap<Db, Map<symbol, unknown>>();

/** The value kept under `key` for this transaction, or what `read` gives (kept for next time). */
export async function heldForTransaction<T>(trx: Db, key: symbol, read: () => Promise<T>): Promise<T> {
  if (!trx.isTransaction) return read();
  let kept = memos.get(trx);
  if (kept?.has(key)) return kept.get(key) as T;
  const value = await read();
  if (!kept) memos.set(trx, (kept = new Map()));
  kept.set(key, value);
  return value;
}

/** The transaction rolled back to a savepoint: what it kept may no longer be locked. */
export function forgetHeldFacts(trx: Db): void {
  memos.delete(trx);
}
