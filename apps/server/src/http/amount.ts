import { ErrorCode } from '@wps/shared/error-codes';
import type { FieldIssue } from '@wps/shared/envelope';
import { parseMajor } from '@wps/shared/money';
import { AppError } from './app-error';

/** What a bigint column holds: no amount read from the wire may pass it. */
const MAX_BIGINT_COLUMN = 2n ** 63n - 1n;

/** Whole digits of an amount on the wire at most (the schemas' and the typed-amount parser's bound). */
const MAX_WHOLE_DIGITS = 15;

export type WireAmountRule = {
  /** The field as the VALIDATION_FAILED answer names it, e.g. `body.amount` or `body.limits.0.value`. */
  field: string;
  /** Decimals of the currency (the operator's scale); 0 reads a `*Minor` field's whole minor units. */
  scale: number;
  /** Zero is an amount here (a cap, a threshold, a filter); otherwise the amount must be above it. */
  allowZero?: boolean;
  /** The largest amount in minor units; at most what a bigint column holds. */
  max?: bigint;
};

/**
 * An amount as the API carries it, read exactly into minor units: a decimal string in major units
 * with a point ("150", "150.50"; decisions.md, "Money on the wire"), or a JSON number where the
 * original platform sends one (the game list's and the rooms' filters). Never a sign, an exponent,
 * grouping or a decimal comma: the forms read what a player types ("30,50", "1.500,00") with
 * `parseTypedAmount` and send this format. Bad input is VALIDATION_FAILED with one field issue,
 * `value.fields: [{ field, message }]`, the shape every schema failure has and the forms read.
 */
export function amountFromWire(value: string | number, rule: WireAmountRule): bigint {
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(negative ? text.slice(1) : text);
  if (!match) throw amountInvalid(rule.field, rule.scale === 0 ? 'whole minor units' : 'a decimal amount, like 150.50');
  if (negative) throw amountInvalid(rule.field, rule.allowZero ? 'must not be negative' : 'must be above zero');
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > rule.scale) throw amountInvalid(rule.field, `at most ${rule.scale} decimals`);
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) throw amountInvalid(rule.field, 'too large');
  const minor = parseMajor(text, rule.scale);
  if (minor === 0n && !rule.allowZero) throw amountInvalid(rule.field, 'must be above zero');
  const max = rule.max !== undefined && rule.max < MAX_BIGINT_COLUMN ? rule.max : MAX_BIGINT_COLUMN;
  if (minor > max) throw amountInvalid(rule.field, 'too large');
  return minor;
}

/** The answer to an amount that is not one: a field issue, as a failed schema gives it. */
export function amountInvalid(field: string, message: string): AppError {
  const fields: FieldIssue[] = [{ field, message }];
  return new AppError(ErrorCode.VALIDATION_FAILED, `Invalid amount: ${field} (${message})`, { fields });
}
