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

// DATABASE_LISTEN_URL: through PgBouncer in transaction mode the pool's URL keeps no session, so
// the LISTEN goes straight to PostgreSQL and the pool's connections leave jit to the role or
// database (docs/operations.md, "PgBouncer in transaction mode").
describe.skipIf(!process.env.TEST_DATABASE_URL)('a listen URL of its own', () => {
  it('takes the LISTEN, and the pool then sends no SET jit', async () => {
    const scratch = await createScratchPostgres();
    const listenUrl = new URL(scratch.url);
    listenUrl.searchParams.set('application_name', 'wps_listen_probe');
    const pooled = await openDatabase({
      databaseUrl: scratch.url,
      listenUrl: listenUrl.toString(),
      dataDir: null,
      poolSize: 1,
    });
    const direct = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 1 });
    const jitOf = async (database: typeof direct) =>
      (await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(database.db)).rows[0]!.jit;
    const messages: string[] = [];
    const stop = await pooled.listen(['wps_listen_probe'], {
      onMessage: (_channel, payload) => messages.push(payload),
      onState: () => undefined,
    });
    try {
      const { rows } = await sql<{ query: string }>`
        SELECT query FROM pg_stat_activity WHERE application_name = 'wps_listen_probe'`.execute(direct.db);
      expect(rows.map((r) => r.query)).toEqual(['LISTEN wps_listen_probe']);
      await sql`SELECT pg_notify('wps_listen_probe', 'hello')`.execute(direct.db);
      await expect.poll(() => messages, { timeout: 5_000 }).toEqual(['hello']);
      expect(await jitOf(direct)).toBe('off');
      // The server's own default: the pool's connection got no SET of ours.
      await sql`RESET jit`.execute(direct.db);
      expect(await jitOf(pooled)).toBe(await jitOf(direct));
    } finally {
      await stop();
      await pooled.close();
      await direct.close();
      await scratch.drop();
    }
  });
});
