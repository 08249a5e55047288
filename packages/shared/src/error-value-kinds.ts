import type { ErrorCode } from './error-codes';

/**
 * What each field of an error's `value` holds, for the codes whose messages show one: the server
 * sends facts (amounts as exact decimal strings in major units, periods as 'day' | 'week' |
 * 'month', instants as ISO strings), and each app writes them in the reader's language before
 * they reach a message ("R$ 500,00", "por semana", "28/11/2026 04:25"). Both apps' walk tests
 * (lib/error-values.test.ts) fail when a message shows a field this table does not declare.
 * The codes are written out rather than read from ErrorCode, so the player site's first download
 * (its translateError) does not carry the whole table of codes.
 */
export type ErrorValueKind =
  /** An exact decimal amount in major units ("500.00"), in the operator's currency. */
  | 'money'
  /** A responsible-gaming period: 'day' | 'week' | 'month'. */
  | 'period'
  /** An instant (ISO string), written as a local date and time to the minute. */
  | 'dateTime'
  /** The end of an exclusion: an instant, or null for one that never ends. */
  | 'endOrPermanent'
  /** A whole number (seconds to wait). */
  | 'count';

export const ERROR_VALUE_KINDS: Partial<Record<ErrorCode, Readonly<Record<string, ErrorValueKind>>>> = {
  KYC_DEPOSIT_CAP_REACHED: { cap: 'money', remaining: 'money' },
  DEPOSIT_AMOUNT_OUT_OF_RANGE: { min: 'money', max: 'money' },
  BONUS_MAX_STAKE_EXCEEDED: { maxStake: 'money' },
  RG_DEPOSIT_LIMIT_REACHED: { limit: 'money', period: 'period', remaining: 'money' },
  RG_STAKE_LIMIT_EXCEEDED: { limit: 'money' },
  RG_VENDOR_WALLET_OVER_STAKE_LIMIT: { limit: 'money', held: 'money' },
  RG_LOSS_LIMIT_REACHED: { limit: 'money', period: 'period', remaining: 'money' },
  RG_TIME_LIMIT_REACHED: { until: 'dateTime' },
  RG_TIME_OUT_ACTIVE: { until: 'dateTime' },
  RG_SELF_EXCLUDED: { until: 'endOrPermanent' },
  RG_SELF_EXCLUSION_COOLING_OFF: { until: 'dateTime' },
  OPERATOR_TOTP_TOO_EARLY: { retryAfterSeconds: 'count' },
  TOO_MANY_REQUESTS: { retryAfterSeconds: 'count' },
};

/** How one app writes each kind in the reader's language and format. */
export type ErrorValueWriters = {
  money: (amount: string) => string;
  period: (period: string) => string;
  dateTime: (iso: string) => string;
  count: (count: number) => string;
};

/**
 * The i18next options for an error's message: its value's declared fields written for the reader
 * (fields it does not declare are left out, so no raw value reaches a message), and the message's
 * variant (context) when the value calls for other wording:
 * - 'permanent': an exclusion without an end (`until` null), "… for good" rather than "until …";
 * - 'bare': the error carries none of the declared fields (a refusal decided without them), a
 *   message that names no value. i18next falls back to the plain message when a code has no such
 *   variant.
 */
export function errorValueOptions(
  code: string,
  value: unknown,
  write: ErrorValueWriters,
): { value?: Record<string, string>; context?: 'permanent' | 'bare' } {
  const kinds = ERROR_VALUE_KINDS[code as ErrorCode];
  if (!kinds) return {};
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  // Without any declared field, every field is written empty (a message without such a variant
  // then reads with gaps rather than with "{{value.limit}}").
  if (!Object.keys(kinds).some((field) => field in fields))
    return { value: Object.fromEntries(Object.keys(kinds).map((field) => [field, ''])), context: 'bare' };
  const shown: Record<string, string> = {};
  let context: 'permanent' | undefined;
  for (const [field, kind] of Object.entries(kinds)) {
    const raw = fields[field];
    if (raw === null && kind === 'endOrPermanent') context = 'permanent';
    shown[field] = raw === null || raw === undefined ? '' : writeField(kind, raw, write);
  }
  return context ? { value: shown, context } : { value: shown };
}

function writeField(kind: ErrorValueKind, raw: unknown, write: ErrorValueWriters): string {
  switch (kind) {
    case 'money':
      return write.money(String(raw));
    case 'period':
      return write.period(String(raw));
    case 'dateTime':
    case 'endOrPermanent':
      return write.dateTime(String(raw));
    case 'count':
      return typeof raw === 'number' ? write.count(raw) : String(raw);
  }
}
