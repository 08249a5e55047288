/**
 * Calendar days in an operator's time zone, and the instants the server filters by. A day is
 * 'YYYY-MM-DD'; a range of days [from, to] becomes the half-open interval of instants
 * [start of `from`, start of the day after `to`) in that zone, so a report for "yesterday" in
 * São Paulo covers 03:00Z to 03:00Z whatever the browser's own zone. Intl only (no tz library).
 */
export type DayRange = { from: string; to: string };
export type InstantRange = { from: string; to: string };
export type RangePreset = 'today' | 'yesterday' | 'last7' | 'last30';
export const RANGE_PRESETS: readonly RangePreset[] = ['today', 'yesterday', 'last7', 'last30'];

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(
  instant: number,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = Object.fromEntries(
    partsIn(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: −3 h). */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Whether a string names a time zone this browser knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The day an instant falls on in a zone. */
export function dayOf(instant: number | Date, timeZone: string): string {
  const w = wallClock(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
}

/** A day `n` days later (earlier when negative); calendar arithmetic, no zone involved. */
export function addDays(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The first instant of a day in a zone (midnight, or the first valid time on a day whose midnight a DST change skips). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the guess may differ from the offset at the answer across a DST change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  // Midnight skipped (clocks jumped forward at 00:00): the day begins at the first instant on it.
  if (dayOf(instant, timeZone) !== day) instant += 60 * 60 * 1000;
  return new Date(instant);
}

/** The instants of a range of days: from its first day's start to the next day's start after its last (exclusive). */
export function toInstants(range: DayRange, timeZone: string): InstantRange {
  return {
    from: startOfDay(range.from, timeZone).toISOString(),
    to: startOfDay(addDays(range.to, 1), timeZone).toISOString(),
  };
}

/** The days of an instant range made by toInstants (the exclusive end goes back one day). */
export function toDays(range: InstantRange, timeZone: string): DayRange {
  return { from: dayOf(Date.parse(range.from), timeZone), to: dayOf(Date.parse(range.to) - 1, timeZone) };
}

/** Today, yesterday, the last 7 or the last 30 days (each ending today), in a zone. */
export function presetDays(preset: RangePreset, timeZone: string, now: number = Date.now()): DayRange {
  const today = dayOf(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** Which preset a day range is, if any. */
export function presetOf(range: DayRange, timeZone: string, now: number = Date.now()): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const days = presetDays(p, timeZone, now);
      return days.from === range.from && days.to === range.to;
    }) ?? null
  );
}

/**
 * A local day as the server names it (YYYY-MM-DD) written in the interface's language ("28 de nov.
 * de 2026"): a calendar day, in no zone. The text itself when it is no such day.
 */
export function dayText(dayKey: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  if (!match) return dayKey;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}
