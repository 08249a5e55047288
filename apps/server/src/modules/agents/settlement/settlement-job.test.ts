import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAgentSettlementJobs } from '../../../jobs/agent-settlement.job';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { endedWindows, windowOf } from './settlement-periods';
import { addContract, addMember, addRound, agentPayments, balanceOf, flat } from './settlement-test-support';

// The settlement as the periodic job runs it: each type's ended periods found from the clock in
// the operator's time zone, missed ones caught up, and two schedulers (two instances) ticking on
// the same database paying each statement once.

const ZONE = 'America/Sao_Paulo';
const HOUR = 3_600_000;

it('cuts days, half months and months in the operator zone, and lists the ended ones to settle', () => {
  const at = new Date('2026-03-16T02:30:00Z'); // 23:30 on 15 March in São Paulo (UTC−3)
  expect(windowOf(at, 'day', ZONE)).toEqual({
    key: '2026-03-15',
    start: new Date('2026-03-15T03:00:00Z'),
    end: new Date('2026-03-16T03:00:00Z'),
  });
  expect(windowOf(at, 'semimonthly', ZONE)).toEqual({
    key: '2026-03-H1',
    start: new Date('2026-03-01T03:00:00Z'),
    end: new Date('2026-03-16T03:00:00Z'),
  });
  expect(windowOf(new Date('2026-12-20T12:00:00Z'), 'semimonthly', ZONE)).toMatchObject({
    key: '2026-12-H2',
    end: new Date('2027-01-01T03:00:00Z'),
  });
  expect(windowOf(at, 'monthly', ZONE)).toMatchObject({
    key: '2026-03',
    start: new Date('2026-03-01T03:00:00Z'),
    end: new Date('2026-04-01T03:00:00Z'),
  });
  expect(windowOf(at, '5min', ZONE)).toMatchObject({
    start: new Date('2026-03-16T02:30:00Z'),
    end: new Date('2026-03-16T02:35:00Z'),
  });
  // Nothing settled yet: only the last ended window; after one: every window since, oldest first, at most the limit.
  expect(endedWindows(at, 'hour', ZONE, null, 12).map((w) => w.key)).toEqual(['2026-03-16T01:00:00.000Z']);
  expect(endedWindows(at, 'hour', ZONE, new Date('2026-03-15T23:00:00Z'), 12).map((w) => w.key)).toEqual([
    '2026-03-15T23:00:00.000Z',
    '2026-03-16T00:00:00.000Z',
    '2026-03-16T01:00:00.000Z',
  ]);
  expect(endedWindows(at, 'hour', ZONE, new Date('2026-03-01T00:00:00Z'), 3)).toHaveLength(3);
});

describeEachDatabase(
  'agent settlement job: ended periods from the clock, caught up, once across two schedulers',
  (target) => {
    let t: TestApp;
    let clock = Date.parse('2026-04-10T15:00:00Z');

    beforeAll(async () => {
      t = await createTestApp(target, {}, { calendarClock: () => clock });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('settles yesterday, then the days missed since, each once, also with two schedulers ticking', async () => {
      const db = t.database.db;
      const a = await addMember(db, null, true);
      const p = await addMember(db, a.id, false);
      await addContract(db, 'daily_salary', a.id, null, flat(100));
      const day = (iso: string) => windowOf(new Date(iso), 'day', ZONE);
      await addRound(db, p.id, 10_000n, 0n, new Date(day('2026-04-09T15:00:00Z').start.getTime() + HOUR));
      const settlement = t.app.services.agentSettlement;

      expect(await settlement.settleEnded('daily_salary')).toBe(1);
      expect(await balanceOf(db, a.id)).toBe(100n);
      expect(await settlement.settleEnded('daily_salary')).toBe(0);

      // Two days later, with play on both: the two days missed are settled in order.
      await addRound(db, p.id, 20_000n, 0n, new Date(day('2026-04-10T15:00:00Z').start.getTime() + HOUR));
      await addRound(db, p.id, 30_000n, 0n, new Date(day('2026-04-11T15:00:00Z').start.getTime() + HOUR));
      clock = Date.parse('2026-04-12T15:00:00Z');
      const log = pino({ level: 'silent' });
      const schedulers = ['one', 'two'].map((instance) => ({
        db,
        instance,
        leaseMs: 5_000,
        intervalOverrideMs: 60_000,
        log,
        now: () => clock,
      }));
      const stops = schedulers.flatMap((s) => startAgentSettlementJobs(settlement, s));
      const deadline = Date.now() + 30_000;
      while ((await balanceOf(db, a.id)) < 600n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await Promise.all(stops.map((stop) => stop()));
      expect(await balanceOf(db, a.id)).toBe(600n);
      expect(await agentPayments(db)).toBe(3);
      const runs = await sql<{
        key: string;
        status: string;
      }>`SELECT period_key AS key, status FROM agent_settlement_runs WHERE stream = 'daily_salary:day' ORDER BY period_start`.execute(
        db,
      );
      expect(runs.rows).toEqual([
        { key: '2026-04-09', status: 'done' },
        { key: '2026-04-10', status: 'done' },
        { key: '2026-04-11', status: 'done' },
      ]);
    });
  },
);
