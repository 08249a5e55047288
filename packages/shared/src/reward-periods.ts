/**
 * The periods rewards are counted in (rules' caps and totals, promotions, missions, rebates), cut
 * in the operator's time zone. A period is named by a key that sorts in time order:
 * daily `2026-11-24`, weekly `2026-W48` (ISO weeks, Monday first), semimonthly `2026-11-H1` / `-H2`
 * (the 1st–15th, the 16th to the month's end), monthly `2026-11`, and `all` for no period.
 */
export const REWARD_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type RewardPeriod = (typeof REWARD_PERIODS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Dates already asked, by zone and whole second: zone offsets are whole seconds, so a local date
 * never changes within one, and the events of a consumer's batch mostly share their seconds.
 * Asking the zone's calendar is most of a consumer's work per event otherwise.
 */
const dates = new Map<string, [number, number, number]>();
const DATES_KEPT = 4_096;

/** The local calendar date of an instant in a time zone, as [year, month (1–12), day]. */
export function localDate(at: Date, timeZone: string): [number, number, number] {
  const key = `${timeZone}|${Math.floor(at.getTime() / 1000)}`;
  const known = dates.get(key);
  if (known) return [...known];
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const date: [number, number, number] = [Number(p['year']), Number(p['month']), Number(p['day'])];
  if (dates.size >= DATES_KEPT) dates.clear();
  dates.set(key, date);
  return [...date];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of an instant in a time zone. */
export function localDayKey(at: Date, timeZone: string): string {
  const [y, m, d] = localDate(at, timeZone);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** ISO week-numbering year and week of a calendar date. */
function isoWeek(y: number, m: number, d: number): [number, number] {
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return [date.getUTCFullYear(), Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)];
}

/** The key of the period an instant falls in. */
export function periodKey(at: Date, period: RewardPeriod | 'none', timeZone: string): string {
  if (period === 'none') return 'all';
  const [y, m, d] = localDate(at, timeZone);
  switch (period) {
    case 'daily':
      return `${y}-${pad(m)}-${pad(d)}`;
    case 'weekly': {
      const [wy, w] = isoWeek(y, m, d);
      return `${wy}-W${pad(w)}`;
    }
    case 'semimonthly':
      return `${y}-${pad(m)}-H${d <= 15 ? 1 : 2}`;
    case 'monthly':
      return `${y}-${pad(m)}`;
  }
}

/** The local days (YYYY-MM-DD) from the start of an instant's period up to and including its own day. */
export function daysOfPeriodSoFar(
  at: Date,
  period: 'day' | 'week' | 'month',
  timeZone: string,
): { from: string; to: string } {
  const [y, m, d] = localDate(at, timeZone);
  const to = `${y}-${pad(m)}-${pad(d)}`;
  if (period === 'day') return { from: to, to };
  if (period === 'month') return { from: `${y}-${pad(m)}-01`, to };
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return { from: date.toISOString().slice(0, 10), to };
}
