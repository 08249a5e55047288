import { ERROR_VALUE_KINDS, type ErrorValueKind } from './error-value-kinds';

// For the apps' walk tests over their error messages (lib/error-values.test.ts): raw values as the
// server sends them, and the traces a raw value leaves in a message. Both apps check their own
// messages with these, so the two tests cannot drift apart.

/** Raw values of each kind as the server sends them; each kind's list is walked in full. */
export const RAW_ERROR_VALUE_SAMPLES: Record<ErrorValueKind, readonly unknown[]> = {
  money: ['1234.50', '500.00', '0.00'],
  period: ['day', 'week', 'month'],
  dateTime: ['2026-11-28T07:25:46.272Z'],
  endOrPermanent: ['2026-11-28T07:25:46.272Z', null],
  count: [1234, 30],
};

/** The fields a message interpolates from the error's value: "{{value.limit}}" → "limit". */
export function listValuePlaceholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*value\.([A-Za-z0-9_]+)[^}]*\}\}/g)].map((m) => m[1]!);
}

/**
 * What in a rendered message betrays a value written raw: an ISO instant, a placeholder left
 * over, "undefined" or "null", a value left empty (a gap before a mark); in Portuguese also a point
 * as the decimal mark ("1234.50") and an English period word. Empty when the message reads clean.
 */
export function findRawValueTraces(message: string, language: 'pt' | 'en'): string[] {
  const traces: string[] = [];
  if (/\d{4}-\d{2}-\d{2}(T|\s)\d{2}:\d{2}/.test(message)) traces.push('ISO date');
  if (/\{\{|\}\}/.test(message)) traces.push('placeholder left over');
  if (/\b(undefined|null|NaN)\b/.test(message)) traces.push('undefined or null');
  if (/ {2}|\s[.,;:)]|\(\s/.test(message)) traces.push('value left empty');
  if (language === 'pt') {
    if (/\d\.\d{2}(?!\d)/.test(message)) traces.push('point as decimal mark');
    if (/\b(day|week|month)s?\b/i.test(message)) traces.push('English period word');
  }
  return traces;
}

const DECLARED = ERROR_VALUE_KINDS as Record<string, Readonly<Record<string, ErrorValueKind>>>;

/** The codes that declare value fields. */
export const CODES_WITH_VALUES: readonly string[] = Object.keys(DECLARED);

/** The value fields a message key declares: its code's, the key being the code or a variant ("RG_SELF_EXCLUDED_permanent"). */
export function findDeclaredFields(key: string): Readonly<Record<string, ErrorValueKind>> {
  const code = CODES_WITH_VALUES.find((c) => key === c || key.startsWith(`${c}_`));
  return code ? DECLARED[code]! : {};
}

/** Raw values for each of a code's fields: the n-th sample of each kind in turn, until every sample came once. */
export function listRawErrorValues(code: string): Record<string, unknown>[] {
  const fields = Object.entries(DECLARED[code] ?? {});
  const rounds = Math.max(0, ...fields.map(([, kind]) => RAW_ERROR_VALUE_SAMPLES[kind].length));
  return Array.from({ length: rounds }, (_, n) =>
    Object.fromEntries(
      fields.map(([field, kind]) => {
        const samples = RAW_ERROR_VALUE_SAMPLES[kind];
        return [field, samples[n % samples.length]];
      }),
    ),
  );
}
