import type { TFunction } from 'i18next';
import type { FieldIssue } from '@wps/shared/envelope';
import type { FieldError } from '@wps/shared/validation-patterns';
import { isApiError } from '../../lib/api-client';
import { describeFieldIssue } from './field-rules';

type FieldFailure = FieldIssue & Partial<FieldError>;

/** The form field a server issue names: without the `body.` prefix; the dialing code belongs to the number. */
function toFormField(serverField: string): string {
  const name = serverField.replace(/^body\./, '');
  return name === 'countryDialingCode' ? 'mobileNum' : name;
}

/**
 * The first server-reported issue of each field in a VALIDATION_FAILED answer, as text, keyed by
 * field name; empty for any other error. Labels name the fields the form shows. The server names
 * a field-rule failure (code, patternId, min, max), so the text matches the form's own check;
 * schema failures only name the field.
 */
export function readFieldErrors(
  t: TFunction<'auth'>,
  error: unknown,
  labels: Record<string, string>,
): Record<string, string> {
  if (!isApiError(error, 'VALIDATION_FAILED')) return {};
  const fields = (error.value as { fields?: FieldFailure[] } | undefined)?.fields ?? [];
  const out: Record<string, string> = {};
  for (const issue of fields) {
    const field = toFormField(issue.field);
    const label = labels[field];
    if (!label || out[field]) continue;
    const { code, patternId, min, max } = issue;
    out[field] =
      code !== undefined && patternId !== undefined && min !== undefined && max !== undefined
        ? describeFieldIssue(t, label, { code, patternId, min, max })
        : t('validation.invalid', { field: label });
  }
  return out;
}

/**
 * A refusal of the amount a money form sent: the server's one reader of amounts answers a malformed
 * or zero amount with VALIDATION_FAILED naming `body.amount`, and AMOUNT_INVALID where a path keeps
 * its own meaning (nothing to move). Either belongs under the amount field, not above the form.
 */
export function isAmountRefusal(error: unknown): boolean {
  if (isApiError(error, 'AMOUNT_INVALID')) return true;
  if (!isApiError(error, 'VALIDATION_FAILED')) return false;
  const fields = (error.value as { fields?: FieldFailure[] } | undefined)?.fields ?? [];
  return fields.some((f) => toFormField(f.field) === 'amount');
}
