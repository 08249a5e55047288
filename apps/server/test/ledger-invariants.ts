import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/ledger-check';

/** Assert every ledger invariant on a test database; call it in afterEach/afterAll of database suites. */
export async function expectLedgerHealthy(database: DatabaseHandle | Kysely<Database>): Promise<void> {
  const db = 'db' in database && 'kind' in database ? database.db : (database as Kysely<Database>);
  const result = await checkLedger(db);
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
}
