// Calendar days in the operator's time zone as UTC instants: the dashboard asks for whole hours,
// and a day in a whole-hour-offset zone starts on one.

const HOUR = 3_600_000;

/** The zone figures are cut in: the demo operator's, until operators choose one. */
export const OPERATOR_TIME_ZONE = 'America/Sao_Paulo';

function offsetMs(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return wall - Math.floor(at / 60_000) * 60_000;
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return new Date(now + offsetMs(now, timeZone)).toISOString().slice(0, 10);
}

/** The instant a calendar day starts in the zone. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!);
  const first = guess - offsetMs(guess, timeZone);
  // Across a change of offset the second guess lands on the right side of it.
  return guess - offsetMs(first, timeZone);
}

/** A date moved by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** [first day's start, the day after last's start) as ISO instants on whole hours. */
export function daysRange(first: string, last: string, timeZone: string): { from: string; to: string; timeZone: string } {
  const from = Math.round(dayStart(first, timeZone) / HOUR) * HOUR;
  const to = Math.round(dayStart(addDays(last, 1), timeZone) / HOUR) * HOUR;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), timeZone };
}
