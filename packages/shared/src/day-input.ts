/**
 * A calendar day typed by a person, the way the site shows dates ("dd/mm/aaaa" under PT): the
 * browser's own date input draws its format from the device's locale, so a Brazilian player on a
 * phone set to English saw "mm/dd/yyyy". The site's day fields are text fields that read these.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A real day of the Gregorian calendar (no 31/02), as YYYY-MM-DD; null otherwise. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The day a person typed, as YYYY-MM-DD: day first ("14/02/1988", "14.02.1988", "14-02-1988",
 * "14021988", "1/2/1988"), or the ISO form a browser's autofill or a paste gives ("1988-02-14");
 * null for anything else, an impossible day included.
 */
export function parseDayInput(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  return dayFirst ? isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])) : null;
}

/** A YYYY-MM-DD day as the site shows it: "14/02/1988". */
export function formatDayInput(isoDayText: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDayText);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDayText;
}

/**
 * The slashes of "dd/mm/aaaa" put in as digits are typed ("1402" → "14/02"); text with a dash or a
 * dot (an ISO day pasted, another separator) is left as typed, for parseDayInput to read.
 */
export function maskDayInput(text: string): string {
  if (/[-.]/.test(text)) return text;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
