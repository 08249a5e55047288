/**
 * DATABASE_READ_URL: the routed reads answer from the read pool, a money read from the primary,
 * and with the replica's lag over DATABASE_READ_MAX_LAG_MS (or the replica gone) the routed reads
 * fall back to the primary, visibly in /readyz and /metrics. The "replica" is a second scratch
 * database with the same migrations and different rows, so each answer shows which pool gave it;
 * the lag is injected (the real measure is checked by hand against a streaming pair,
 * docs/operations.md "Read replica").
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { openReadDb, type ReadDb } from '../src/db/read-handle';
import { createScratchPostgres, createTestApp, describePostgres, type TestApp } from './test-app';

const HOUR = new Date('2026-01-01T00:00:00Z');
const RANGE = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z', timeZone: 'UTC' };
const MAX_LAG_MS = 1000;

describePostgres('read replica', () => {
  let t: TestApp;
  let replica: { url: string; drop: () => Promise<void> };
  let replicaDb: DatabaseHandle;
  let readDb: ReadDb;
  let lag: number | 'down' = 0;
  const logged: string[] = [];

  beforeAll(async () => {
    replica = await createScratchPostgres({ migrated: true });
    t = await createTestApp(
      'postgres',
      {},
      {
        readDb: (database) => {
          readDb = openReadDb({
            primary: database,
            readUrl: replica.url,
            maxLagMs: MAX_LAG_MS,
            log: {
              info: (_o: object, msg: string) => logged.push(msg),
              warn: (_o: object, msg: string) => logged.push(msg),
            } as never,
            lagReader: () => async () => {
              if (lag === 'down') throw new Error('connection refused');
              return lag;
            },
          });
          return readDb;
        },
      },
    );
    // Rows only the replica has: a game hour the primary never counted.
    replicaDb = await openDatabase({ databaseUrl: replica.url, poolSize: 2 });
    const { currency } = await t.app.services.system.getBrand();
    await sql`INSERT INTO reporting_game_hourly (hour, vassalage, currency, stripe, rounds, bets, refunds, wins)
              VALUES (${HOUR}, 'SBX', ${currency}, 0, 1, 12345, 0, 0)`.execute(replicaDb.db);
    await readDb.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await replicaDb?.close();
    await replica?.drop();
  });

  const pnlBets = async () => (await t.app.services.reporting.pnl(RANGE)).totals.betsMinor;
  const readiness = async () =>
    (await t.app.inject({ method: 'GET', url: '/readyz' })).json() as { status: string; readReplica?: object };
  const metric = async (name: string) => {
    const text = await t.app.services.metrics.registry.metrics();
    return text.split('\n').find((line) => line.startsWith(`${name} `));
  };

  it('a routed read answers from the read pool, a money read from the primary', async () => {
    expect(readDb.status()).toMatchObject({ configured: true, serving: 'replica', lagMs: 0, reason: 'ok' });
    expect(await pnlBets()).toBe('12345');
    // An account the primary has and the replica does not: the ledger's balance reads the primary.
    const account = await t.app.services.ledger.ensureSystemAccount('house_cash', 'XTS');
    expect(await t.app.services.ledger.getAccountBalance(account)).toBe(0n);
    const onReplica = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_accounts WHERE id = ${account}`.execute(
      replicaDb.db,
    );
    expect(onReplica.rows[0]?.n).toBe('0');
    expect(await readiness()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', changeFeed: 'ok' },
      readReplica: { serving: 'replica', lagMs: 0, reason: 'ok' },
    });
    expect(await metric('db_read_replica_in_use')).toBe('db_read_replica_in_use 1');
  });

  it('falls back to the primary while the lag is over the setting or the replica is gone, once logged', async () => {
    logged.length = 0;
    lag = MAX_LAG_MS + 1;
    await readDb.refresh();
    await readDb.refresh();
    expect(await pnlBets()).toBe('0');
    expect(await readiness()).toMatchObject({
      status: 'ready',
      readReplica: { serving: 'primary', lagMs: MAX_LAG_MS + 1, reason: 'lagging' },
    });
    expect(await metric('db_read_replica_in_use')).toBe('db_read_replica_in_use 0');
    expect(await metric('db_read_replica_lag_seconds')).toBe('db_read_replica_lag_seconds 1.001');
    expect(await metric('db_read_replica_fallbacks')).toBe('db_read_replica_fallbacks 1');

    lag = 'down';
    await readDb.refresh();
    expect(await pnlBets()).toBe('0');
    expect(await readiness()).toMatchObject({
      readReplica: { serving: 'primary', lagMs: null, reason: 'unreachable' },
    });
    expect(await metric('db_read_replica_up')).toBe('db_read_replica_up 0');

    lag = 10;
    await readDb.refresh();
    expect(await pnlBets()).toBe('12345');
    // One line per move, however many checks saw the same state.
    expect(logged).toEqual([
      'read replica not used: routed reads go to the primary until it recovers',
      'read replica in use: routed reads go to DATABASE_READ_URL',
    ]);
  });
});
