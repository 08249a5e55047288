import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-app';
import { isDatabaseUnavailableError } from './database-unavailable';
import { openDatabase } from './database';
import { createFailoverClients } from './failover-client';
import { parseHostList } from './host-list';

/** A port on loopback where nothing listens: the dead primary. */
const DEAD = '127.0.0.1:9';

/** The scratch database's URL with a host list in front of its own host. */
function withHosts(url: string, hosts: (own: string) => string): string {
  const parsed = new URL(url);
  return url.replace(`@${parsed.host}/`, `@${hosts(parsed.host)}/`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a pool over several hosts', () => {
  it('skips a host that refuses connections and keeps the one that can write', async () => {
    const scratch = await createScratchPostgres();
    const url = withHosts(scratch.url, (own) => `${DEAD},${own}`) + '?target_session_attrs=read-write';
    const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 2 });
    try {
      const { rows } = await sql<{ port: number }>`SELECT inet_server_port() AS port`.execute(database.db);
      expect(rows[0]!.port).toBe(Number(new URL(scratch.url).port || 5432));
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('probes again after forget, and says which hosts failed when none qualifies', async () => {
    const scratch = await createScratchPostgres();
    try {
      const list = parseHostList(
        withHosts(scratch.url, (own) => `${own},${DEAD}`) + '?target_session_attrs=read-write',
      )!;
      const clients = createFailoverClients(list, 1000);
      const client = new clients.Client({ connectionString: list.baseUrl });
      await client.connect();
      await client.end();
      expect(clients.chosen()).toEqual(list.candidates[0]);
      clients.forget();
      expect(clients.chosen()).toBeNull();

      const dead = parseHostList(`postgres://postgres@${DEAD},127.0.0.1:8/x?target_session_attrs=read-write`)!;
      const none = createFailoverClients(dead, 1000);
      const err = await new none.Client({ connectionString: dead.baseUrl }).connect().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: '08001' });
      expect((err as Error).message).toMatch(/127\.0\.0\.1:9.*127\.0\.0\.1:8/);
      // Answered as the database being unavailable (503 with Retry-After), not as a 500.
      expect(isDatabaseUnavailableError(err)).toBe(true);
    } finally {
      await scratch.drop();
    }
  });
});

describe('isDatabaseUnavailableError', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it('knows lost connections, refused hosts and shutdowns, and nothing else', () => {
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['57P01', '57P03', '08006', 'ECONNREFUSED', '25006'])
      expect(isDatabaseUnavailableError(withCode(code))).toBe(true);
    for (const code of ['23505', '40001', '22021']) expect(isDatabaseUnavailableError(withCode(code))).toBe(false);
    expect(isDatabaseUnavailableError('Connection terminated')).toBe(false);
  });
});
