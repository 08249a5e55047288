import type { TFunction } from 'i18next';
import type { FieldError as FieldIssue } from '@wps/shared/validation-patterns';
import { isApiError } from '../../lib/api-client';
import { describeFieldIssue } from '../../components/form/field-rules';

type FieldFailure = { field: string } & FieldIssue;

/**
 * The first server-reported issue of each field in a VALIDATION_FAILED answer, as text, keyed by
 * field name; empty for any other error. Labels name the fields the form shows.
 */
export function readFieldErrors(t: TFunction<'auth'>, error: unknown, labels: Record<string, string>): Record<string, string> {
  if (!isApiError(error, 'VALIDATION_FAILED')) return {};
  const fields = (error.value as { fields?: FieldFailure[] } | undefined)?.fields ?? [];
  const out: Record<string, string> = {};
  for (const issue of fields) {
    const label = labels[issue.field];
    if (!label || out[issue.field]) continue;
    out[issue.field] = typeof issue.code === 'string' ? describeFieldIssue(t, label, issue) : t('validation.invalid', { field: label });
  }
  return out;
}
