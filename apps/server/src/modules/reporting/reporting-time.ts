import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';

// Days of a report are cut in the operator's IANA time zone from UTC hour buckets. That is exact
// only where the zone's offset is whole hours (America/Sao_Paulo, Europe/Lisbon…); a range that
// crosses a half-hour offset (Asia/Kolkata) is refused rather than cut inside an hour.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
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
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(at: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
}

/** The local calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetMinutes(at: Date, timeZone: string): number {
  const p = parts(at, timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** Refuse a zone whose offset is not whole hours anywhere in [from, to) (checked at every UTC day and both ends). */
export function assertWholeHourZone(from: Date, to: Date, timeZone: string): void {
  const points = [from.getTime(), to.getTime()];
  for (let t = Math.ceil(from.getTime() / DAY) * DAY; t < to.getTime(); t += DAY) points.push(t);
  for (const t of points) {
    if (offsetMinutes(new Date(t), timeZone) % 60 !== 0) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        'Reports cut days on whole hours: this time zone has a part-hour offset',
        {
          fields: { timeZone: 'offset is not a whole number of hours' },
        },
      );
    }
  }
}

/** Every local day that [from, to) touches, in order. */
export function daysOf(from: Date, to: Date, timeZone: string): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += HOUR) {
    const d = localDay(new Date(t), timeZone);
    if (days[days.length - 1] !== d) days.push(d);
  }
  return days;
}
