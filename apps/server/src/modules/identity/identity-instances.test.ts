import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import { startBarredListSweepJob } from '../../jobs/barred-list-sweep.job';
import type { JobScheduler } from '../../jobs/interval-job';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import {
  createTestApp,
  describePostgres,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../../../test/test-app';
import { brRegistrationDetails, newCpf } from './identity-fixtures';
import { brPlayer, setLicence } from '../licence/licence-fixtures';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describePostgres('identity under the BR profile on several connections and instances [postgres]', () => {
  let t: TestApp;
  let admin: TestOperator;
  let second: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    await setLicence(t.app, 'BR');
    // A second instance: its own app and pool over the same database.
    second = await openSecondInstance(t, 5);
  });
  afterAll(async () => {
    await second?.close();
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('two registrations with one CPF at once: the unique index keeps one account', async () => {
    const cpf = newCpf();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const password = strongPassword();
        const app = i % 2 === 0 ? t.app : second.app;
        return callEncrypted(
          app,
          'PUT',
          '/wps/member/register',
          {
            username: uniqueUsername('cpf'),
            password,
            confirmPassword: password,
            cpf,
            birthDate: '1988-08-08',
            ...brRegistrationDetails(),
            agree: true,
          },
          { remoteAddress: `10.9.0.${i + 1}` },
        );
      }),
    );
    const codes = responses.map((r) => (r.json() as { errorCode?: string }).errorCode ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'OK').every((c) => c === ErrorCode.CPF_TAKEN)).toBe(true);
    const rows = await t.database.db
      .selectFrom('member_identities')
      .select('member_id')
      .where('cpf', '=', cpf)
      .execute();
    expect(rows).toHaveLength(1);
    // Nothing half-written: every account made has its identity.
    const { rows: orphans } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM members m WHERE m.register_ip LIKE '10.9.0.%' AND NOT EXISTS (SELECT 1 FROM member_identities i WHERE i.member_id = m.id)`.execute(
      t.database.db,
    );
    expect(orphans[0]?.n).toBe('0');
  });

  it('the 15-day sweep runs once per period with two instances', async () => {
    const barred = [newCpf(), newCpf()];
    for (const cpf of barred) {
      await brPlayer(t.app, { cpf });
      valueOf(
        await call(t.app, 'POST', '/ops/compliance/barred-list', {
          token: admin.token,
          payload: { cpf, reason: 'court_order', note: 'ofício' },
        }),
      );
    }
    await brPlayer(t.app);
    const runs: string[] = [];
    const instance = (name: string, app: App, database: DatabaseHandle) => {
      const scheduler: JobScheduler = {
        db: database.db,
        instance: `identity-test-${name}`,
        leaseMs: 60_000,
        log: quiet,
      };
      return startBarredListSweepJob(
        {
          sweep: async (period) => {
            runs.push(name);
            return app.services.identity.sweep(period);
          },
          clock: app.services.identity.clock,
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
      }>`SELECT instance, handled FROM job_runs WHERE job = 'barred-list-sweep' AND finished_at IS NOT NULL`.execute(
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
    }>`SELECT count(*) AS n FROM job_runs WHERE job = 'barred-list-sweep'`.execute(t.database.db);
    expect(all[0]?.n).toBe('1');
    expect(finished).toEqual([{ instance: `identity-test-${runs[0]}`, handled: 2 }]);
    const hits = await t.database.db
      .selectFrom('barred_hits')
      .select(['cpf', 'check_kind'])
      .where('check_kind', '=', 'sweep')
      .execute();
    expect(hits.map((h) => h.cpf).sort()).toEqual([...barred].sort());
  });
});
