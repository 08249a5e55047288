import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { runMigrations } from '../db/migrate';
import { createScratchPostgres, describeEachDatabase } from '../../test/test-app';
import {
  CATCH_UP_PERIODS,
  JOB_RUNS_KEPT_MS,
  periodAt,
  periodsToClaim,
  startIntervalJob,
  type JobScheduler,
} from './interval-job';
import { claimPeriod, completeClaim, listJobRuns, renewClaim } from './job-runs.repository';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('a tick claims abandoned periods, the periods missed since the latest (at most CATCH_UP_PERIODS) and the current one', () => {
  const at = Date.parse('2026-01-01T00:10:05.000Z');
  expect(periodAt(at, 60_000)).toEqual({
    key: '2026-01-01T00:10:00.000Z',
    start: new Date('2026-01-01T00:10:00.000Z'),
  });
  // First run ever: the current period only.
  expect(periodsToClaim(at, 60_000, null, []).map((p) => p.key)).toEqual(['2026-01-01T00:10:00.000Z']);
  // Two periods missed, and one abandoned long ago.
  const abandoned = periodAt(Date.parse('2026-01-01T00:01:00.000Z'), 60_000);
  expect(periodsToClaim(at, 60_000, new Date('2026-01-01T00:07:00.000Z'), [abandoned]).map((p) => p.key)).toEqual([
    '2026-01-01T00:01:00.000Z',
    '2026-01-01T00:08:00.000Z',
    '2026-01-01T00:09:00.000Z',
    '2026-01-01T00:10:00.000Z',
  ]);
  // A long outage: only the most recent periods are caught up.
  expect(periodsToClaim(at, 1_000, new Date('2026-01-01T00:00:00.000Z'), [])).toHaveLength(CATCH_UP_PERIODS);
});

describeEachDatabase('interval jobs claim each period once across instances', (target) => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
    drop = scratch?.drop;
    database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 10 });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const scheduler = (instance: string, leaseMs = 5_000): JobScheduler => ({
    db: database.db,
    instance,
    leaseMs,
    log: silent,
  });

  it('two instances on one database run each period of a job once between them', async () => {
    const runs: { instance: string; period: string }[] = [];
    const job = (instance: string) => ({
      name: 'twin-count',
      intervalMs: 100,
      doneMessage: 'done',
      failMessage: 'failed',
      runAtStart: true,
      run: async (period: { key: string }) => {
        runs.push({ instance, period: period.key });
        return 1;
      },
    });
    const stops = [startIntervalJob(job('one'), scheduler('one')), startIntervalJob(job('two'), scheduler('two'))];
    await waitFor('eight periods', () => new Set(runs.map((r) => r.period)).size >= 8);
    await Promise.all(stops.map((stop) => stop()));

    const periods = runs.map((r) => r.period);
    expect(new Set(periods).size, 'no period ran twice').toBe(periods.length);
    const rows = await listJobRuns(database.db, ['twin-count']);
    expect(rows.map((r) => r.periodKey)).toEqual([...periods].sort());
    for (const row of rows) {
      expect(row.finishedAt).not.toBeNull();
      expect(row.handled).toBe(1);
      expect(row.attempt).toBe(1);
    }
  });

  it('a period whose holder died is taken over after its lease, and the old holder is fenced out', async () => {
    const period = periodAt(Date.now(), 60_000);
    const dead = await claimPeriod(database.db, {
      job: 'twin-takeover',
      periodKey: period.key,
      periodStart: period.start,
      instance: 'dead',
      leaseMs: 50,
      maxAttempts: 5,
    });
    expect(dead?.attempt).toBe(1);
    // While the lease holds, nobody else gets the period.
    expect(
      await claimPeriod(database.db, {
        job: 'twin-takeover',
        periodKey: period.key,
        periodStart: period.start,
        instance: 'early',
        leaseMs: 50,
        maxAttempts: 5,
      }),
    ).toBeUndefined();
    await waitFor('the lease to run out', async () => {
      const { rows } = await sql<{
        expired: boolean;
      }>`SELECT lease_until < now() AS expired FROM job_runs WHERE job = 'twin-takeover'`.execute(database.db);
      return rows[0]?.expired === true;
    });

    const ran: string[] = [];
    const stop = startIntervalJob(
      {
        name: 'twin-takeover',
        intervalMs: 60_000,
        doneMessage: 'done',
        failMessage: 'failed',
        runAtStart: true,
        run: async (p) => {
          ran.push(p.key);
          return 0;
        },
      },
      scheduler('alive'),
    );
    await waitFor(
      'the takeover',
      async () => (await listJobRuns(database.db, ['twin-takeover']))[0]?.finishedAt != null,
    );
    await stop();

    expect(ran).toEqual([period.key]);
    const [row] = await listJobRuns(database.db, ['twin-takeover']);
    expect(row).toMatchObject({ instance: 'alive', previousInstance: 'dead', attempt: 2, handled: 0 });
    expect(await renewClaim(database.db, dead!, 1_000)).toBe(false);
    expect(await completeClaim(database.db, dead!, 1)).toBe(false);
  });

  it('a job can mark its period finished in its own transaction, with its work', async () => {
    const warnings: unknown[] = [];
    const stop = startIntervalJob(
      {
        name: 'twin-in-transaction',
        intervalMs: 60_000,
        doneMessage: 'done',
        failMessage: 'failed',
        runAtStart: true,
        run: async (_period, claim) =>
          database.db.transaction().execute(async (trx) => {
            if (!(await completeClaim(trx, claim, 3))) throw new Error('claim taken over');
            return 3;
          }),
      },
      { ...scheduler('transactional'), log: { ...silent, warn: (obj: unknown) => void warnings.push(obj) } },
    );
    await waitFor(
      'the finished period',
      async () => (await listJobRuns(database.db, ['twin-in-transaction']))[0]?.finishedAt != null,
    );
    await stop();
    expect((await listJobRuns(database.db, ['twin-in-transaction']))[0]).toMatchObject({ attempt: 1, handled: 3 });
    expect(warnings).toEqual([]);
  });

  it('the instance that runs the current period forgets finished runs older than a week', async () => {
    const old = periodAt(Date.now() - JOB_RUNS_KEPT_MS - 120_000, 60_000);
    const stale = await claimPeriod(database.db, {
      job: 'twin-prune',
      periodKey: old.key,
      periodStart: old.start,
      instance: 'gone',
      leaseMs: 1_000,
      maxAttempts: 5,
    });
    expect(await completeClaim(database.db, stale!, 0)).toBe(true);
    const stop = startIntervalJob(
      {
        name: 'twin-prune',
        intervalMs: 60_000,
        doneMessage: 'done',
        failMessage: 'failed',
        runAtStart: true,
        run: async () => 0,
      },
      scheduler('pruner'),
    );
    await waitFor('the old run to be forgotten', async () => {
      const rows = await listJobRuns(database.db, ['twin-prune']);
      return (
        !rows.some((r) => r.periodKey === old.key) &&
        rows.at(-1)?.periodKey === periodAt(Date.now(), 60_000).key &&
        rows.at(-1)?.finishedAt != null
      );
    });
    await stop();
  });

  it('a failed run releases its period, and the next tick tries it again', async () => {
    let calls = 0;
    const stop = startIntervalJob(
      {
        name: 'twin-retry',
        intervalMs: 100,
        doneMessage: 'done',
        failMessage: 'failed',
        runAtStart: true,
        run: async () => {
          calls++;
          if (calls === 1) throw new Error('first pass fails');
          return 0;
        },
      },
      scheduler('retrier'),
    );
    await waitFor('a retried period', async () =>
      (await listJobRuns(database.db, ['twin-retry'])).some((r) => r.attempt === 2 && r.finishedAt !== null),
    );
    await stop();
    const rows = await listJobRuns(database.db, ['twin-retry']);
    expect(rows.every((r) => r.finishedAt !== null)).toBe(true);
  });
});
