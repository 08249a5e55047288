import type { PromoPeriod } from '@wps/shared/schemas/promo';

// A promotion's participation is per period, cut in the promotion's time zone (the operator's,
// as the back office's reports cut days): a daily promotion joined today can be joined again
// tomorrow. A period is named by a key that sorts and reads as a date.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date (year, month 1–12, day) of an instant in a time zone. */
function localDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The key of the period an instant falls in: `once`; `D2026-11-24` (daily); `W2026-11-23` (weekly,
 * named by its Monday); `S2026-11-1` / `S2026-11-2` (semimonthly: days 1–15, then the rest);
 * `M2026-11` (monthly).
 */
export function periodKeyOf(period: PromoPeriod, at: Date, timeZone: string): string {
  if (period === 'once') return 'once';
  const { year, month, day } = localDate(at, timeZone);
  switch (period) {
    case 'daily':
      return `D${year}-${pad(month)}-${pad(day)}`;
    case 'weekly': {
      // Calendar arithmetic on the local date (UTC noon avoids any day-boundary surprise).
      const local = new Date(Date.UTC(year, month - 1, day, 12));
      const sinceMonday = (local.getUTCDay() + 6) % 7;
      const monday = new Date(local.getTime() - sinceMonday * 86_400_000);
      return `W${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
    }
    case 'semimonthly':
      return `S${year}-${pad(month)}-${day <= 15 ? 1 : 2}`;
    case 'monthly':
      return `M${year}-${pad(month)}`;
  }
}
