import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMemberRow } from '../../test/api-client';
import { provided } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { runMigrations } from '../db/migrate';
import { insertMember } from '../modules/member/member.repository';
import { insertFlag } from '../modules/monitoring/monitoring.repository';
import {
  claimPeriod,
  completeClaim,
  isClaimFinished,
  listJobRuns,
  pruneJobRuns,
  renewClaim,
} from './job-runs.repository';

// Writes that report how many rows they changed answer the same on both engines. The two drivers
// differ when nothing changed: pg gives a count of 0, the PGlite dialect gives no count at all, so
// the repositories read a missing count as 0. This suite runs on PGlite, the server's embedded
// default, whatever the run's database is: on PostgreSQL, where a missing count cannot happen,
// interval-job.test.ts asserts the same false answers on the run's database.

const target = 'pglite';

describe(`writes that change nothing answer false or 0 [${target}]`, () => {
  let t: { database: DatabaseHandle };

  beforeAll(async () => {
    // A copy of the run's migrated PGlite (global-setup.ts), without an app around it.
    const template = provided('pgliteTemplate');
    const loadDataDir = template ? new Blob([await fs.promises.readFile(template)]) : undefined;
    t = { database: await openDatabase({ dataDir: null, loadDataDir }) };
    await runMigrations(t.database);
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it('a finished job claim can be neither renewed nor completed again; pruning nothing counts 0', async () => {
    const db = t.database.db;
    const job = `engine-parity-${target}`;
    const periodStart = new Date('2026-01-01T00:00:00.000Z');
    const claim = await claimPeriod(db, {
      job,
      periodKey: periodStart.toISOString(),
      periodStart,
      instance: 'a',
      leaseMs: 60_000,
      maxAttempts: 3,
    });
    expect(claim).toMatchObject({ job, attempt: 1, instance: 'a' });
    expect(await renewClaim(db, claim!, 60_000)).toBe(true);
    expect(await completeClaim(db, claim!, 7)).toBe(true);
    expect(await isClaimFinished(db, claim!)).toBe(true);

    // Nothing matches any more: no row changes.
    expect(await completeClaim(db, claim!, 8)).toBe(false);
    expect(await renewClaim(db, claim!, 60_000)).toBe(false);
    // The holder's claim is finished: another instance gets nothing.
    expect(
      await claimPeriod(db, {
        job,
        periodKey: periodStart.toISOString(),
        periodStart,
        instance: 'b',
        leaseMs: 60_000,
        maxAttempts: 3,
      }),
    ).toBeUndefined();
    expect(await pruneJobRuns(db, job, periodStart)).toBe(0);

    // Every job's runs, unfiltered, hold this one with what the holder reported.
    const all = await listJobRuns(db);
    expect(all.filter((r) => r.job === job)).toEqual([
      expect.objectContaining({ instance: 'a', attempt: 1, handled: 7, error: null, previousInstance: null }),
    ]);
    expect(await pruneJobRuns(db, job, new Date(periodStart.getTime() + 1))).toBe(1);
    expect(await listJobRuns(db, [job])).toEqual([]);
  });

  it('a monitoring flag is raised once: the same candidate again writes nothing and answers false', async () => {
    const member = {
      id: await insertMember(t.database.db, testMemberRow('parity1', 'not-a-hash')),
    };
    const at = new Date();
    const candidate = {
      memberId: member.id,
      rule: 'night_play' as const,
      periodKey: at.toISOString().slice(0, 10),
      window: { from: new Date(at.getTime() - 7 * 86_400_000), to: at },
      figures: { nights: 3 },
    };
    expect(await insertFlag(t.database.db, candidate, at, 86_400_000)).toBe(true);
    expect(await insertFlag(t.database.db, candidate, at, 86_400_000)).toBe(false);
    // Another period within the cool-down is not raised either.
    expect(await insertFlag(t.database.db, { ...candidate, periodKey: 'next' }, at, 86_400_000)).toBe(false);
    const flags = await t.database.db
      .selectFrom('monitoring_flags')
      .select(['rule', 'period_key'])
      .where('member_id', '=', member.id)
      .execute();
    expect(flags).toEqual([{ rule: 'night_play', period_key: candidate.periodKey }]);
  });
});
