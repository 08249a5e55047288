import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';
import { localDate } from '@wps/shared/reward-periods';

/** The periods a limit counts in: calendar days, weeks (Monday to Sunday) and months of the operator's time zone. */
export type RgPeriod = 'day' | 'week' | 'month';

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant the period holding `at` began, in the zone. */
export function periodStart(at: Date, period: RgPeriod, timeZone: string): Date {
  if (period === 'day') return periodOf(at, 'daily', timeZone).start;
  if (period === 'week') return periodOf(at, 'weekly', timeZone).start;
  const [y, m] = localDate(at, timeZone);
  return periodOfKey(`${y}-${pad(m)}-01`, timeZone)!.start;
}

/** The instant the local day holding `at` ends (the next midnight in the zone). */
export function dayEnd(at: Date, timeZone: string): Date {
  return periodOf(at, 'daily', timeZone).end;
}

/** `at` plus whole calendar months (UTC fields: a month's length, not 30 days). */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
