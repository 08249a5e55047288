/**
 * The windows of the periods missions and the rebate count in: calendar days and weeks (Monday to
 * Sunday) of the operator's time zone, with the instants they begin and end, so a player's "today"
 * ends at the operator's midnight whatever the server's zone. Keys are those of the rewards engine's
 * periods (reward-periods.ts): daily `2026-11-24`, weekly `2026-W48` (ISO weeks).
 */

export const WINDOW_PERIODS = ['daily', 'weekly'] as const;
export type WindowPeriod = (typeof WINDOW_PERIODS)[number];

export type PeriodWindow = { key: string; start: Date; end: Date };

const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type WallClock = { y: number; m: number; d: number; asUtc: number };
/**
 * Wall clocks already asked, by zone and whole second (the fields have no finer part, and zone
 * offsets are whole seconds): a consumer's batch asks about the same seconds and the same
 * midnights over and over, and asking the zone's calendar is most of its work per event otherwise.
 */
const clocks = new Map<string, WallClock>();
const CLOCKS_KEPT = 4_096;

/** The local wall-clock fields of an instant. */
function wallClock(at: number, timeZone: string): WallClock {
  const key = `${timeZone}|${Math.floor(at / 1000)}`;
  const known = clocks.get(key);
  if (known) return known;
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  const y = Number(p.year);
  const m = Number(p.month);
  const d = Number(p.day);
  const clock = { y, m, d, asUtc: Date.UTC(y, m - 1, d, Number(p.hour), Number(p.minute), Number(p.second)) };
  if (clocks.size >= CLOCKS_KEPT) clocks.clear();
  clocks.set(key, clock);
  return clock;
}

/** The instant a local day (UTC-midnight number of that date) begins in the zone. */
function localMidnight(dayUtc: number, timeZone: string): number {
  // Guess with the offset at UTC midnight, then once more with the offset at the guess (a DST day).
  let guess = dayUtc;
  for (let i = 0; i < 2; i++) {
    const offset = wallClock(guess, timeZone).asUtc - Math.floor(guess / 1000) * 1000;
    guess = dayUtc - offset;
  }
  return guess;
}

function isoDay(dayUtc: number): string {
  return new Date(dayUtc).toISOString().slice(0, 10);
}

/** `2026-W48` of the week a Monday (UTC-midnight number) begins: the ISO year is its Thursday's. */
function isoWeekKey(mondayUtc: number): string {
  const thursday = new Date(mondayUtc + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The period of a kind that an instant falls in, in the zone. */
export function periodOf(at: Date, period: WindowPeriod, timeZone: string): PeriodWindow {
  const { y, m, d } = wallClock(at.getTime(), timeZone);
  let first = Date.UTC(y, m - 1, d);
  let days = 1;
  if (period === 'weekly') {
    // getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
    first -= ((new Date(first).getUTCDay() + 6) % 7) * DAY;
    days = 7;
  }
  return {
    key: period === 'daily' ? isoDay(first) : isoWeekKey(first),
    start: new Date(localMidnight(first, timeZone)),
    end: new Date(localMidnight(first + days * DAY, timeZone)),
  };
}

/** The period just before the one an instant falls in. */
export function previousPeriod(at: Date, period: WindowPeriod, timeZone: string): PeriodWindow {
  const current = periodOf(at, period, timeZone);
  return periodOf(new Date(current.start.getTime() - 1), period, timeZone);
}

/** The window a period key names, or undefined for a key of neither form. */
export function periodOfKey(key: string, timeZone: string): PeriodWindow | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  const week = /^(\d{4})-W(\d{2})$/.exec(key);
  let first: number;
  let period: WindowPeriod;
  if (day) {
    first = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    period = 'daily';
  } else if (week) {
    // The Monday of ISO week 1 is the one of the week holding 4 January.
    const jan4 = Date.UTC(Number(week[1]), 0, 4);
    first = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY + (Number(week[2]) - 1) * 7 * DAY;
    period = 'weekly';
  } else return undefined;
  if (Number.isNaN(first)) return undefined;
  const w = periodOf(new Date(localMidnight(first, timeZone) + 12 * 3_600_000), period, timeZone);
  return w.key === key ? w : undefined;
}
