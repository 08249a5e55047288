import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-app';
import { openDatabase } from './database';

// PostgreSQL only: PGlite has no connections to lose.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it('outlives an idle connection the server ends, and the next query gets a new one', async () => {
    const scratch = await createScratchPostgres();
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 1 });
    try {
      const pid = async () =>
        (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0]!.pid;
      const first = await pid();
      // Another session ends the pool's idle connection, as a restart or a failover would. With
      // no listener on the pool, its 'error' event is an uncaught exception and this run fails.
      const admin = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 1 });
      try {
        await sql`SELECT pg_terminate_backend(${first})`.execute(admin.db);
      } finally {
        await admin.close();
      }
      await expect.poll(() => database.poolStats?.().total, { timeout: 5_000 }).toBe(0);
      expect(await pid()).not.toBe(first);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
