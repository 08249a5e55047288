import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { forgetHeldFacts } from './transaction-memo';

type Db = Kysely<Database>;

/** Run `fn` inside a savepoint of the caller's transaction, so a failure leaves nothing of ours behind. */
export async function runInSavepoint<T>(trx: Db, name: string, fn: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
  try {
    const result = await fn();
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    return result;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
    // The locks taken since the savepoint are gone with it (transaction-memo.ts).
    forgetHeldFacts(trx);
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    throw err;
  }
}
