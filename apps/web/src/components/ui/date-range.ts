/** A range of whole local days, as YYYY-MM-DD strings (what a date input holds). */
export type DayRange = { from: string; to: string };

export type QuickRange = 'today' | 'last7' | 'last30';

/** The date pickers step back and forth by 7 and 30 days. */
export const RANGE_STEPS = [7, 30] as const;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A local date as YYYY-MM-DD. */
export function toDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Parse YYYY-MM-DD as a local date at midnight; null when it is not a real day. */
export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return toDay(date) === day ? date : null;
}

/** The day `n` days after (or before, when negative) a day; calendar days, so DST never skews it. */
export function addDays(day: string, n: number): string {
  const date = parseDay(day);
  if (!date) return day;
  date.setDate(date.getDate() + n);
  return toDay(date);
}

/** Today, the last 7 days or the last 30 days, each ending today. */
export function getQuickRange(kind: QuickRange, now: Date = new Date()): DayRange {
  const today = toDay(now);
  const span = kind === 'today' ? 1 : kind === 'last7' ? 7 : 30;
  return { from: addDays(today, -(span - 1)), to: today };
}

/** Move a range by `days` (negative: back); a step forward never goes past today. */
export function shiftRange(range: DayRange, days: number, now: Date = new Date()): DayRange {
  const today = toDay(now);
  let from = addDays(range.from, days);
  let to = addDays(range.to, days);
  if (to > today) {
    const over = Math.round(((parseDay(to)?.getTime() ?? 0) - (parseDay(today)?.getTime() ?? 0)) / 86_400_000);
    from = addDays(from, -over);
    to = today;
  }
  return { from, to };
}

/** Whether a step forward would move the range at all. */
export function canStepForward(range: DayRange, now: Date = new Date()): boolean {
  return range.to < toDay(now);
}

/** The API's bounds for a day range: from local midnight to the last millisecond of the last day. */
export function toQueryBounds(range: DayRange): { from: string; to: string } | null {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to || from > to) return null;
  const end = new Date(to);
  end.setDate(end.getDate() + 1);
  end.setMilliseconds(-1);
  return { from: from.toISOString(), to: end.toISOString() };
}
