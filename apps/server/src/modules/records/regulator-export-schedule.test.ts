import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { Database } from '../../db/schema';
import { REGULATOR_EXPORT_INTERVAL_MS } from '../../jobs/regulator-export.job';
import { createRegulatorExportService, EXPORT_GRACE_MS } from './regulator-export.service';
import type { RecordsViews } from './records-views';

// Which operator day is due at a moment: the schedule's promise is the day before, written by
// 06:00 operator time. São Paulo is UTC-3 all year (no daylight saving since 2019).
describe('the regulator export schedule', () => {
  const dueAt = (iso: string, timeZone = 'America/Sao_Paulo') =>
    createRegulatorExportService({
      db: {} as Kysely<Database>,
      log: pino({ level: 'silent' }),
      audit: { record: async () => undefined },
      views: {} as RecordsViews,
      timeZone: async () => timeZone,
      now: () => Date.parse(iso),
    }).lastDueDay(timeZone);

  it('makes a day due half an hour after it ends in the operator time zone', () => {
    // 00:29 local on the 26th: the 25th is still in its grace; 00:30 and later, it is due.
    expect(dueAt('2026-11-26T03:29:00Z')).toBe('2026-11-24');
    expect(dueAt('2026-11-26T03:30:00Z')).toBe('2026-11-25');
    expect(dueAt('2026-11-26T08:59:00Z')).toBe('2026-11-25');
    // Another zone, another midnight.
    expect(dueAt('2026-11-25T23:31:00Z', 'UTC')).toBe('2026-11-24');
    expect(dueAt('2026-11-26T00:31:00Z', 'UTC')).toBe('2026-11-25');
  });

  it('leaves hourly runs enough tries before 06:00 operator time', () => {
    expect(EXPORT_GRACE_MS).toBe(30 * 60_000);
    expect(REGULATOR_EXPORT_INTERVAL_MS).toBe(60 * 60_000);
    // The first hourly tick after the grace (01:00 local) already has the day; ticks at 02:00…05:00 retry a failure.
    expect(dueAt('2026-11-26T04:00:00Z')).toBe('2026-11-25');
  });
});
