import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AmlCasePage } from '@wps/shared/schemas/aml';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import { startAmlSweepJob } from '../../jobs/aml-sweep.job';
import type { JobScheduler } from '../../jobs/interval-job';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import {
  createTestApp,
  describePostgres,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../../../test/test-app';
import { newCpf } from '../identity/identity-fixtures';
import { brPlayer, setLicence } from '../licence/licence-fixtures';
import { AML_SWEEP_JOB } from './aml.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

// Every instance starts the same daily sweep (jobs/periodic-jobs.ts); the period is claimed once
// in job_runs, so the base is screened once a day and a PEP's case opened once, whichever
// instance runs it. Without the job (or with a claim per instance) both would run.
describePostgres('the AML sweep on several instances [postgres]', () => {
  let t: TestApp;
  let admin: TestOperator;
  let second: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    await setLicence(t.app, 'BR');
    second = await openSecondInstance(t, 5);
  });
  afterAll(async () => {
    await second?.close();
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('runs once per period with two instances, opening each PEP case once', async () => {
    const peps = [newCpf(), newCpf()];
    const members: string[] = [];
    for (const cpf of peps) {
      members.push((await brPlayer(t.app, { cpf })).memberId);
      // Listed after sign-up: only the sweep can find them.
      valueOf(
        await call(t.app, 'POST', '/ops/aml/pep-sandbox', { token: admin.token, payload: { cpf, role: 'Senador' } }),
      );
    }
    await brPlayer(t.app);
    const runs: string[] = [];
    const instance = (name: string, app: App, database: DatabaseHandle) => {
      const scheduler: JobScheduler = { db: database.db, instance: `aml-test-${name}`, leaseMs: 60_000, log: quiet };
      return startAmlSweepJob(
        {
          sweep: async () => {
            runs.push(name);
            return app.services.aml.sweep();
          },
        },
        scheduler,
      );
    };
    const stops = [instance('a', t.app, t.database), instance('b', second.app, second.database)];
    const deadline = Date.now() + 20_000;
    let finished: { instance: string; handled: number | null }[] = [];
    while (Date.now() < deadline) {
      ({ rows: finished } = await sql<{
        instance: string;
        handled: number | null;
      }>`SELECT instance, handled FROM job_runs WHERE job = ${AML_SWEEP_JOB} AND finished_at IS NOT NULL`.execute(
        t.database.db,
      ));
      if (finished.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Both instances ticked at their start; one claimed the period.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toHaveLength(1);
    const { rows: all } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM job_runs WHERE job = ${AML_SWEEP_JOB}`.execute(t.database.db);
    expect(all[0]?.n).toBe('1');
    // The run's count is the cases it opened: one per PEP.
    expect(finished).toEqual([{ instance: `aml-test-${runs[0]}`, handled: 2 }]);
    for (const memberId of members) {
      const cases = valueOf<AmlCasePage>(
        await call(t.app, 'GET', `/ops/aml/cases?memberId=${memberId}`, { token: admin.token }),
      ).list;
      expect(cases.map((c) => [c.trigger, c.status])).toEqual([['pep', 'open']]);
    }
    // Running the period's work again (a holder that died after its work) opens nothing more.
    expect((await second.app.services.aml.sweep()).opened).toBe(0);
  });
});
