// Exact conversions between integer minor units and decimal strings in major units.
// Money never passes through a float: everything here is bigint and string arithmetic.

const MAX_SCALE = 18;

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`invalid currency scale: ${scale}`);
  }
}

/** Format minor units as an exact decimal string in major units, e.g. (12345n, 2) → "123.45". */
export function formatMinor(minor: bigint | string, scale: number): string {
  assertScale(scale);
  let value: bigint;
  if (typeof minor === 'bigint') {
    value = minor;
  } else {
    if (!/^-?\d+$/.test(minor)) throw new RangeError(`not an integer amount: ${minor}`);
    value = BigInt(minor);
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/**
 * Parse a decimal string in major units into exact minor units, e.g. ("123.4", 2) → 12340n.
 * Throws RangeError for anything that is not a plain decimal or has more decimals than `scale`.
 */
export function parseMajor(str: string, scale: number): bigint {
  assertScale(scale);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(str.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${str}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new RangeError(`more than ${scale} decimals: ${str}`);
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign ? -minor : minor;
}

/** The decimal and grouping marks of a locale, e.g. pt-BR → { decimal: ',', group: '.' }. */
export type DecimalMarks = { decimal: string; group: string };

const marksCache = new Map<string, DecimalMarks>();

/** The marks Intl uses for a BCP 47 locale (en-US when Intl does not know it). */
export function decimalMarks(locale: string): DecimalMarks {
  let marks = marksCache.get(locale);
  if (!marks) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    } catch {
      parts = new Intl.NumberFormat('en-US').formatToParts(12345.6);
    }
    marks = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    marksCache.set(locale, marks);
  }
  return marks;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Intl's space-like group marks (NBSP, narrow NBSP) and a typed space are the same mark to a player. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * A money amount as a player types it, in major units, read exactly into minor units; null when
 * the text is not such an amount. The one parser of every amount input (deposit, withdrawal,
 * transfer, stake) and of the forms' zod rule (`typedAmountSchema`).
 * - With the player's `locale` (a BCP 47 tag), its own way of writing first: "1.234,56" and
 *   "50,00" in pt-BR, "1,234.56" in en-US (grouping marks only between groups of three).
 * - Then, in any locale, one point or comma as the decimal mark ("50.5", "50,5"): a phone's
 *   keypad may offer the other mark than the site's language uses, and without grouping the
 *   amount is not ambiguous. "1.234" in pt-BR stays one thousand two hundred and thirty-four.
 * - Never a sign, an exponent or more decimals than the currency has; at most 15 whole digits
 *   and 8 decimals (the wire format's bounds).
 */
export function parseTypedAmount(text: string, scale: number, locale?: string): bigint | null {
  assertScale(scale);
  const typed = text.trim();
  let whole: string | undefined;
  let fraction = '';
  if (locale) {
    const { decimal, group } = decimalMarks(locale);
    const g = group.replace(SPACES, ' ');
    const normalized = g === ' ' ? typed.replace(SPACES, ' ') : typed;
    const grouped = new RegExp(
      `^(\\d{1,3}(?:${escapeRegExp(g)}\\d{3})+|\\d+)(?:${escapeRegExp(decimal)}(\\d+))?$`,
    ).exec(normalized);
    if (grouped) {
      whole = grouped[1]!.split(g).join('');
      fraction = grouped[2] ?? '';
    }
  }
  if (whole === undefined) {
    const plain = /^(\d+)(?:[.,](\d+))?$/.exec(typed);
    if (!plain) return null;
    whole = plain[1]!;
    fraction = plain[2] ?? '';
  }
  if (whole.length > 15 || fraction.length > Math.min(8, scale)) return null;
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/**
 * An exact decimal string in major units ("1234.50") written as the player types it in their
 * locale, with the currency's decimals and no grouping ("1234,50" in pt-BR): what an amount
 * input is filled with ("all", quick amounts) and shows in its placeholder.
 */
export function formatTypedAmount(amount: string, scale: number, locale: string): string {
  const minor = parseMajor(amount, scale);
  const plain = formatMinor(minor, scale);
  const { decimal } = decimalMarks(locale);
  return decimal === '.' ? plain : plain.replace('.', decimal);
}
