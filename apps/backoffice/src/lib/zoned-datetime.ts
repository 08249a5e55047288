import { offsetAt } from './zoned-days';

/**
 * A `datetime-local` input's value ('YYYY-MM-DDTHH:mm') read as a wall-clock time in the
 * operator's zone, not the browser's: a schedule typed as 10:00 in São Paulo is 13:00Z whatever
 * machine the operator sits at. Empty means no time (null). Intl only (no tz library).
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The instant (ISO, UTC) of a wall-clock time in a zone; null for an empty or malformed value. */
export function localToIso(local: string, timeZone: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [y = 0, m = 1, d = 1, h = 0, min = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y, m - 1, d, h, min, s);
  // Two passes: the offset at the guess may differ from the one at the answer across a DST change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The `datetime-local` value of an instant in a zone ('' for null), to the minute. */
export function isoToLocal(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = new Date(instant + offsetAt(instant, timeZone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
