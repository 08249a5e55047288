import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchPostgres, describeEachDatabase, provided } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import { attachRoundTripCounter, isTransactionControl } from './round-trip-counter';

// The counter the round-trip guard (apps/server/test/round-trips.test.ts) and the benchmarks count with.
describeEachDatabase('round-trip counter', (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (target === 'postgres') {
      // A copy of the run's migrated template, made ahead of time: cheaper than creating an empty database.
      const scratch = await createScratchPostgres({ migrated: true });
      drop = scratch.drop;
      database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 4 });
    } else {
      const template = provided('pgliteTemplate');
      const loadDataDir = template ? new Blob([await fs.promises.readFile(template)]) : undefined;
      database = await openDatabase({ dataDir: null, loadDataDir });
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  const one = (n: number) => sql`SELECT ${n}::int AS n`;

  it('counts BEGIN, COMMIT and ROLLBACK as round trips, not as statements, and keeps what was sent', async () => {
    const counter = attachRoundTripCounter(database);
    try {
      const committed = await counter.measure(() =>
        database.db.transaction().execute(async (trx) => {
          await one(1).execute(trx);
          await one(2).execute(trx);
        }),
      );
      expect(committed).toMatchObject({ roundTrips: 4, statements: 2 });
      expect(committed.sent.map((s) => s.toLowerCase())).toEqual([
        'begin',
        'select $1::int as n',
        'select $1::int as n',
        'commit',
      ]);

      const rolledBack = await counter.measure(() =>
        database.db
          .transaction()
          .execute(async (trx) => {
            await one(3).execute(trx);
            throw new Error('changed its mind');
          })
          .catch(() => 'refused'),
      );
      expect(rolledBack).toMatchObject({ value: 'refused', roundTrips: 3, statements: 1 });
      expect(rolledBack.sent.at(-1)?.toLowerCase()).toBe('rollback');
    } finally {
      counter.detach();
    }
  });

  it("counts a call's own round trips, not those of work running beside it; total() counts both", async () => {
    const counter = attachRoundTripCounter(database);
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // Started outside the measurement, and sending its queries while the measured call runs.
      const beside = (async () => {
        await gate;
        for (let i = 0; i < 3; i++) await one(i).execute(database.db);
      })();
      const measured = await counter.measure(async () => {
        release();
        // Work started inside the call, on a later turn of the event loop, is the call's.
        await new Promise((resolve) => setImmediate(resolve));
        await one(10).execute(database.db);
        await beside;
      });
      expect(measured).toMatchObject({ roundTrips: 1, statements: 1 });
      expect(counter.total()).toEqual({ roundTrips: 4, statements: 4 });
      counter.reset();
      expect(counter.total()).toEqual({ roundTrips: 0, statements: 0 });
    } finally {
      counter.detach();
    }
  });

  it('sees nothing once detached', async () => {
    const counter = attachRoundTripCounter(database);
    counter.detach();
    const measured = await counter.measure(() => one(1).execute(database.db));
    expect(measured.value.rows).toEqual([{ n: 1 }]);
    expect(measured.roundTrips).toBe(0);
    expect(counter.total().roundTrips).toBe(0);
  });
});

it('tells transaction control from statements', () => {
  for (const s of [
    'begin',
    'BEGIN',
    'start transaction isolation level serializable',
    'commit',
    'rollback',
    ' savepoint a',
    'release savepoint a',
    'rollback to savepoint a',
  ])
    expect(isTransactionControl(s), s).toBe(true);
  for (const s of [
    'select 1',
    'SELECT seamless_apply($1::jsonb) AS answers',
    'update begins set x = 1',
    'with committed as (select 1) select 1',
  ])
    expect(isTransactionControl(s), s).toBe(false);
});
