import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, valueOf } from '../../../test/api-client';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { spawnTsxChild } from '../../../test/tsx-child';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { newInstanceId } from '../../jobs/interval-job';
import { startMonitoringScanJob } from '../../jobs/monitoring-scan.job';
import { createAuditService } from '../audit/audit.service';
import { createPlayer } from '../gateway/gateway.test-support';
import { monitoringViewsOf } from './monitoring-views';
import { MONITORING_SCAN_JOB, createMonitoringService } from './monitoring.service';

const log = pino({ level: 'silent' });
const none = async () => new Map<string, string>();

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Three players have raised their limits often. A first instance (its own process) is killed with
// SIGKILL inside its scan, its flags written but not committed; two more instances (each its own
// pool and scheduler) then run the job every 200 ms. Each player is flagged once, and the finished
// periods' counts add up to the flags: nothing raised twice, nothing lost with the killed holder.
describePostgres('behaviour monitoring scan on two instances [postgres]', () => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  const members: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    for (let i = 0; i < 3; i++) {
      const p = await createPlayer(t.app);
      for (const value of ['100', '200', '300', '400'])
        valueOf(
          await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
            token: p.token,
            payload: { limits: [{ kind: 'deposit_day', value }] },
          }),
        );
      members.push(p.memberId);
    }
    for (let i = 0; i < 2; i++)
      handles.push(await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: null, poolSize: 4 }));
  }, 60_000);
  afterAll(async () => {
    for (const h of handles) await h.close();
    await t?.close();
  });

  function instance(db: DatabaseHandle) {
    const monitoring = createMonitoringService({
      db: db.db,
      log,
      audit: createAuditService({ db: db.db }),
      views: monitoringViewsOf(db.db),
      timeZone: async () => 'America/Sao_Paulo',
      accountNames: none,
      operatorNames: none,
    });
    return startMonitoringScanJob(monitoring, {
      db: db.db,
      instance: newInstanceId(),
      leaseMs: 1_000,
      intervalOverrideMs: 200,
      log,
    });
  }
  const flags = async () =>
    (
      await sql<{
        member_id: string;
        n: number;
      }>`SELECT member_id::text, count(*)::int AS n FROM monitoring_flags GROUP BY member_id ORDER BY member_id`.execute(
        t.database.db,
      )
    ).rows;

  it('raises each flag once with two instances, after the first holder is killed -9 inside its scan', async () => {
    const a = spawnTsxChild('apps/server/test/monitoring-scan-child.ts', [], {
      DATABASE_URL: t.config.databaseUrl!,
      SCAN_STALL: '1',
    });
    await waitFor('A inside its scan', async () => a.output().includes('INFLIGHT'), 30_000);
    expect(a.output()).toContain('INFLIGHT 3');
    a.child.kill('SIGKILL');
    await a.exited;
    expect(await flags()).toEqual([]);

    const stops = [instance(handles[0]!), instance(handles[1]!)];
    await waitFor('three flags', async () => (await flags()).length === 3);
    // More periods on both instances: nothing more to raise.
    await new Promise((r) => setTimeout(r, 1_000));
    await Promise.all(stops.map((stop) => stop()));

    expect(await flags()).toEqual([...members].sort().map((member_id) => ({ member_id, n: 1 })));
    const runs = await sql<{ handled: number; n: number }>`
      SELECT coalesce(sum(handled), 0)::int AS handled, count(*)::int AS n FROM job_runs WHERE job = ${MONITORING_SCAN_JOB} AND finished_at IS NOT NULL`.execute(
      t.database.db,
    );
    expect(runs.rows[0]!.handled).toBe(3);
    expect(runs.rows[0]!.n).toBeGreaterThan(3);
    // The killed holder's period was taken over once its lease ran out, and finished by the taker.
    const taken = await sql<{ attempt: number; finished: boolean }>`
      SELECT attempt, finished_at IS NOT NULL AS finished FROM job_runs WHERE job = ${MONITORING_SCAN_JOB} AND previous_instance IS NOT NULL`.execute(
      t.database.db,
    );
    expect(taken.rows).toContainEqual({ attempt: 2, finished: true });
  }, 60_000);
});
