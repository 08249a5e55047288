import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';
import { createScratchPostgres, databaseTargets, describePostgres } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import {
  isRetryableBatchError,
  isRetryableDatabaseError,
  jitteredDelayMs,
  runInTransaction,
} from './run-in-transaction';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** A real serialization failure, raised by PostgreSQL itself inside the transaction. */
async function raiseSerializationFailure(trx: Db): Promise<never> {
  await sql`DO $$ BEGIN RAISE EXCEPTION 'probe conflict' USING ERRCODE = 'serialization_failure'; END $$`.execute(trx);
  throw new Error('the DO block should have raised');
}

/** Resolves once `count` parties have arrived; each waits for all. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived++;
    if (arrived === count) open();
    await opened;
  };
}

async function openTarget(
  target: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (target === 'pglite') {
    const handle = await openDatabase({ dataDir: null });
    return { handle, drop: async () => undefined };
  }
  const scratch = await createScratchPostgres();
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  return { handle, drop: scratch.drop };
}

for (const target of databaseTargets()) {
  describe(`runInTransaction [${target}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ handle, drop } = await openTarget(target));
      await sql`CREATE TABLE probe (id int PRIMARY KEY, v int NOT NULL)`.execute(handle.db);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it('runs again after a serialization failure and keeps only the successful attempt', async () => {
      await sql`INSERT INTO probe VALUES (10, 0)`.execute(handle.db);
      const retries: unknown[] = [];
      let calls = 0;
      const result = await runInTransaction(
        handle.db,
        async (trx) => {
          calls++;
          await sql`UPDATE probe SET v = v + 1 WHERE id = 10`.execute(trx);
          if (calls === 1) await raiseSerializationFailure(trx);
          return 'done';
        },
        { onRetry: (err) => retries.push((err as { code?: unknown }).code), delayMs: () => 0 },
      );
      expect(result).toBe('done');
      expect(calls).toBe(2);
      expect(retries).toEqual(['40001']);
      // The failed attempt's update was rolled back: one increment, not two.
      const { rows } = await sql<{ v: number }>`SELECT v FROM probe WHERE id = 10`.execute(handle.db);
      expect(rows[0]?.v).toBe(1);
    });

    it('gives up after its attempts with SERVER_BUSY (503), never the raw database error', async () => {
      let calls = 0;
      const failure = await runInTransaction(
        handle.db,
        async (trx) => {
          calls++;
          return raiseSerializationFailure(trx);
        },
        { attempts: 3, delayMs: () => 0 },
      ).catch((err: unknown) => err);
      expect(calls).toBe(3);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).errorCode).toBe(ErrorCode.SERVER_BUSY);
      expect((failure as AppError).statusCode).toBe(503);
      expect((failure as AppError).value).toMatchObject({ retryAfterSeconds: 1 });
    });

    it('does not retry any other error', async () => {
      let calls = 0;
      const failure = await runInTransaction(handle.db, async (trx) => {
        calls++;
        await sql`INSERT INTO probe VALUES (20, 0), (20, 0)`.execute(trx);
      }).catch((err: unknown) => err);
      expect(calls).toBe(1);
      expect((failure as { code?: unknown }).code).toBe('23505');
      expect(isRetryableDatabaseError(failure)).toBe(false);
    });
  });
}

describe('isRetryableBatchError', () => {
  const failure = (code: unknown) => Object.assign(new Error('batch failed'), { code });

  it('retries a lost race: 40001, 40P01, and the race codes the caller names', () => {
    expect(isRetryableBatchError(failure('40001'), [])).toBe(true);
    expect(isRetryableBatchError(failure('40P01'), ['LE004'])).toBe(true);
    expect(isRetryableBatchError(failure('LE004'), ['LE004'])).toBe(true);
    expect(isRetryableBatchError(failure('LE004'), [])).toBe(false);
    expect(isRetryableDatabaseError(failure('LE004'))).toBe(false);
  });

  it('does not retry any other failure', () => {
    for (const err of [failure('23505'), failure('LE003'), failure(40001), new Error('no code'), null, undefined, 'x'])
      expect(isRetryableBatchError(err, ['LE004'])).toBe(false);
  });
});

describe('jittered back-off', () => {
  it('stays between 0 and a cap that doubles per retry, up to 200 ms', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const cap = Math.min(200, 5 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const pause = jitteredDelayMs(attempt);
        expect(pause).toBeGreaterThanOrEqual(0);
        expect(pause).toBeLessThanOrEqual(cap);
      }
    }
  });
});

describePostgres('runInTransaction on a real deadlock [postgres]', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await openTarget('postgres'));
    await sql`CREATE TABLE probe (id int PRIMARY KEY, v int NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO probe VALUES (1, 0), (2, 0)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('two transactions locking two rows in opposite orders: PostgreSQL aborts one (40P01), its retry succeeds', async () => {
    const bothHoldFirstLock = barrier(2);
    const retries: unknown[] = [];
    const calls = { a: 0, b: 0 };
    // The retry starts once the survivor has committed: a retry let loose at once could take its
    // first row again before the survivor got it, and close a second cycle (seen once in a full run).
    const finished = () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    const done = { a: finished(), b: finished() };
    // Each transaction locks one row, waits until the other holds its row, then asks for the
    // other's row: a lock cycle that PostgreSQL breaks by aborting one of them.
    const lockBoth = (name: 'a' | 'b', first: number, second: number) =>
      runInTransaction(
        handle.db,
        async (trx) => {
          calls[name]++;
          if (calls[name] > 1) await done[name === 'a' ? 'b' : 'a'].promise;
          // Detect the cycle quickly instead of after the default second.
          await sql`SET LOCAL deadlock_timeout = '20ms'`.execute(trx);
          await sql`UPDATE probe SET v = v + 1 WHERE id = ${first}`.execute(trx);
          if (calls[name] === 1) await bothHoldFirstLock();
          await sql`UPDATE probe SET v = v + 1 WHERE id = ${second}`.execute(trx);
          return name;
        },
        { onRetry: (err) => retries.push((err as { code?: unknown }).code), delayMs: () => 0 },
      );
    const settle = (name: 'a' | 'b', run: Promise<'a' | 'b'>) => run.finally(() => done[name].resolve());
    const results = await Promise.all([settle('a', lockBoth('a', 1, 2)), settle('b', lockBoth('b', 2, 1))]);
    expect(results).toEqual(['a', 'b']);
    expect(retries).toEqual(['40P01']);
    expect(calls.a + calls.b).toBe(3);
    // Both transactions took effect exactly once: each row was raised by both.
    const { rows } = await sql<{ id: number; v: number }>`SELECT id, v FROM probe ORDER BY id`.execute(handle.db);
    expect(rows).toEqual([
      { id: 1, v: 2 },
      { id: 2, v: 2 },
    ]);
  });
});
