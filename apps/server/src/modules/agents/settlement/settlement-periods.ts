import type { ContractType } from '@wps/shared/schemas/agents';
import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';

// The periods contracts settle in (docs/agents.md, "Settlement"). Days, weeks, half months and
// months are cut in the operator's time zone; hours and 5-minute windows are clock windows. A
// stream is a contract type with one kind of period: the runs of a stream follow each other.

/** A contract's `period` column: a dividend's chosen one, or its salary type's fixed one. */
export type PeriodKind = 'daily' | 'weekly' | 'semimonthly' | 'monthly' | 'day' | 'hour' | '5min';
export type SettlementWindow = { key: string; start: Date; end: Date };
export type Stream = { name: string; type: ContractType; period: PeriodKind };

const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;

/** Every stream the settlement runs: each salary type's one, and the dividend's four. */
export const STREAMS: readonly Stream[] = [
  { name: 'daily_salary:day', type: 'daily_salary', period: 'day' },
  { name: 'hourly_salary:hour', type: 'hourly_salary', period: 'hour' },
  { name: 'realtime_salary:5min', type: 'realtime_salary', period: '5min' },
  ...(['daily', 'weekly', 'semimonthly', 'monthly'] as const).map((period) => ({
    name: `dividend:${period}`,
    type: 'dividend' as const,
    period,
  })),
];

export function streamOf(name: string): Stream | undefined {
  return STREAMS.find((s) => s.name === name);
}

function clockWindow(at: number, size: number): SettlementWindow {
  const start = Math.floor(at / size) * size;
  return { key: new Date(start).toISOString(), start: new Date(start), end: new Date(start + size) };
}

/** The local date (YYYY-MM-DD) an instant falls on in the zone. */
function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const [y, m, d] = periodOf(at, 'daily', timeZone).key.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

/** The instant a local date begins in the zone. */
function midnightOf(y: number, m: number, d: number, timeZone: string): Date {
  const date = new Date(Date.UTC(y, m - 1, d));
  const window = periodOfKey(date.toISOString().slice(0, 10), timeZone);
  if (!window) throw new RangeError(`no local day ${date.toISOString()} in ${timeZone}`);
  return window.start;
}

/** The window of a kind that an instant falls in. */
export function windowOf(at: Date, period: PeriodKind, timeZone: string): SettlementWindow {
  switch (period) {
    case '5min':
      return clockWindow(at.getTime(), FIVE_MINUTES);
    case 'hour':
      return clockWindow(at.getTime(), HOUR);
    case 'day':
    case 'daily':
      return periodOf(at, 'daily', timeZone);
    case 'weekly':
      return periodOf(at, 'weekly', timeZone);
    case 'semimonthly': {
      const { y, m, d } = localDate(at, timeZone);
      const first = d <= 15;
      const start = midnightOf(y, m, first ? 1 : 16, timeZone);
      const end = first
        ? midnightOf(y, m, 16, timeZone)
        : midnightOf(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1, timeZone);
      return { key: `${y}-${String(m).padStart(2, '0')}-H${first ? 1 : 2}`, start, end };
    }
    case 'monthly': {
      const { y, m } = localDate(at, timeZone);
      return {
        key: `${y}-${String(m).padStart(2, '0')}`,
        start: midnightOf(y, m, 1, timeZone),
        end: midnightOf(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1, timeZone),
      };
    }
  }
}

/**
 * The ended windows of a kind not yet settled, oldest first: from the one after `after` (the
 * stream's latest settled window's end; null: only the last ended one) up to the last that ended
 * by `now`, at most `limit` (the most recent).
 */
export function endedWindows(
  now: Date,
  period: PeriodKind,
  timeZone: string,
  after: Date | null,
  limit: number,
): SettlementWindow[] {
  const current = windowOf(now, period, timeZone);
  const out: SettlementWindow[] = [];
  let w = windowOf(new Date(current.start.getTime() - 1), period, timeZone);
  while (out.length < limit && (after === null ? out.length === 0 : w.start.getTime() >= after.getTime())) {
    out.push(w);
    w = windowOf(new Date(w.start.getTime() - 1), period, timeZone);
  }
  return out.reverse();
}

/** The local day an instant falls in (a real-time salary's tiers read the day so far). */
export function dayOf(at: Date, timeZone: string): SettlementWindow {
  return periodOf(at, 'daily', timeZone);
}
