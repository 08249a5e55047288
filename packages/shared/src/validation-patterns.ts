import type { FieldRule } from './schemas/system';

/**
 * Registration field patterns 0–22. The server sends each field's rule
 * ({ acceptedPattern, minLength, maxLength, patternId }); the web form and the server both
 * check values with `validateField` from this one file, so they can never disagree.
 *
 * "Letters" in ids 1, 4, 5, 7, 8, 18, 19 and 20 mean ASCII letters (account names and passwords);
 * ids 12, 14 and 21 accept letters of any script (names). Lengths count code points, so one
 * Chinese or Thai character counts as one.
 */
export const PATTERNS: Readonly<Record<number, RegExp>> = {
  /** Length only. */
  0: /^[\s\S]*$/u,
  /** Letter first, then letters and digits. */
  1: /^[A-Za-z][A-Za-z0-9]*$/,
  /** Chinese characters and digits. */
  2: /^[\p{Script=Han}0-9]+$/u,
  /** E-mail address. */
  3: /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  /** Letters and digits, no special characters. */
  4: /^[A-Za-z0-9]+$/,
  /** Letters plus digits: both must appear. */
  5: /^(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]+$/,
  /** Digits only. */
  6: /^[0-9]+$/,
  /** Letters and digits with at least one capital. */
  7: /^(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]+$/,
  /** English letters and spaces, at least one letter. */
  8: /^(?=.*[A-Za-z])[A-Za-z ]+$/,
  /** Anything without whitespace. */
  9: /^\S+$/u,
  /** Chinese characters and punctuation (e.g. the middle dot in 欧阳·娜娜), at least one Chinese character. */
  10: /^(?=.*\p{Script=Han})[\p{Script=Han}\p{P}]+$/u,
  /** Date yyyy-MM-dd (calendar-checked by `matchesPattern`). */
  11: /^(\d{4})-(\d{2})-(\d{2})$/,
  /** Letters of any script and spaces, at least one letter. */
  12: /^(?=.*\p{L})[\p{L}\p{M} ]+$/u,
  /** Date MM-dd-yyyy (calendar-checked by `matchesPattern`). */
  13: /^(\d{2})-(\d{2})-(\d{4})$/,
  /** Letters of any script and digits. */
  14: /^[\p{L}\p{M}\p{Nd}]+$/u,
  /** Korean (Hangul) only. */
  15: /^\p{Script=Hangul}+$/u,
  /** Thai only. */
  16: /^\p{Script=Thai}+$/u,
  /** Thai or English letters and spaces, at least one letter. */
  17: /^(?=.*[\p{Script=Thai}A-Za-z])[\p{Script=Thai}A-Za-z ]+$/u,
  /** Capital letters and spaces, at least one letter. */
  18: /^(?=.*[A-Z])[A-Z ]+$/,
  /** Letters, digits and symbols: printable ASCII without spaces. */
  19: /^[\x21-\x7E]+$/,
  /** At least one upper-case letter, lower-case letter, digit and symbol; printable ASCII without spaces. */
  20: /^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E])[\x21-\x7E]+$/,
  /** Full name: two or more parts separated by single spaces. */
  21: /^\p{L}[\p{L}\p{M}'.-]*(?: \p{L}[\p{L}\p{M}'.-]*)+$/u,
  /** Full-width Hiragana, Katakana or Kanji, no spaces (half-width katakana is refused). */
  22: /^[\u3041-\u309F\u30A0-\u30FF\u31F0-\u31FF\p{Script=Han}]+$/u,
};

export const PATTERN_IDS: readonly number[] = Object.keys(PATTERNS).map(Number);

export type FieldErrorCode = 'required' | 'pattern' | 'length';

/** The first problem with a field; the web turns it into text with min and max substituted. */
export type FieldError = { code: FieldErrorCode; patternId: number; min: number; max: number };

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

/** Count code points, so a character outside the BMP (many Kanji) counts once. */
export function countCharacters(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** Whether a value matches pattern `patternId`; unknown ids match nothing. */
export function matchesPattern(patternId: number, value: string): boolean {
  const pattern = PATTERNS[patternId];
  if (!pattern) return false;
  const m = pattern.exec(value);
  if (!m) return false;
  if (patternId === 11) return isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  if (patternId === 13) return isCalendarDate(Number(m[3]), Number(m[1]), Number(m[2]));
  return true;
}

const acceptedCache = new Map<string, RegExp | null>();

/** Compile an operator-supplied acceptedPattern once; null when it is not a valid regex. */
export function compileAcceptedPattern(source: string): RegExp | null {
  let re = acceptedCache.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = null;
    }
    acceptedCache.set(source, re);
  }
  return re;
}

/**
 * Check one field against its rule. Empty values fail only when required. The value must match
 * pattern `patternId` and, unless acceptedPattern is '*' or empty, the acceptedPattern regex too;
 * its length must lie within [minLength, maxLength] inclusive (maxLength 0 means no upper bound).
 */
export function validateField(
  rule: FieldRule | undefined,
  value: string | undefined,
  opts: { required: boolean },
): FieldError | null {
  const patternId = rule?.patternId ?? 0;
  const min = rule?.minLength ?? 0;
  const max = rule?.maxLength ?? 0;
  if (value === undefined || value === '') {
    return opts.required ? { code: 'required', patternId, min, max } : null;
  }
  if (!rule) return null;
  if (!matchesPattern(patternId, value)) return { code: 'pattern', patternId, min, max };
  if (rule.acceptedPattern !== '*' && rule.acceptedPattern !== '') {
    // An invalid operator regex is refused when the setting is saved; here it cannot block everyone.
    const accepted = compileAcceptedPattern(rule.acceptedPattern);
    if (accepted && !accepted.test(value)) return { code: 'pattern', patternId, min, max };
  }
  const length = countCharacters(value);
  if (length < min || (max > 0 && length > max)) return { code: 'length', patternId, min, max };
  return null;
}
