import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { createScratchPostgres, type DatabaseTarget } from '../../../test/test-app';

/** A silent logger for service tests. */
export const silentLog = pino({ level: 'silent' });

/** A hand-moved clock (epoch ms) for the services' `now` option. */
export function createTestClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

/**
 * A fresh, migrated database of the given kind without the app on top, for service tests that
 * wire the verification services themselves (with a test clock).
 */
export async function openMigratedDatabase(
  target: DatabaseTarget,
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 30 });
  await runMigrations(database);
  return {
    database,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}
