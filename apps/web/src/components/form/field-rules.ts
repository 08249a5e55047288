import type { TFunction } from 'i18next';
import type { Country, FieldRule } from '@wps/shared/schemas/system';
import { validateField, type FieldError as FieldIssue } from '@wps/shared/validation-patterns';

/**
 * The text for one field issue (spec §5): empty → field name plus the not-empty message;
 * otherwise the message of the rule's pattern id with min and max substituted (one number when
 * min equals max).
 */
export function describeFieldIssue(t: TFunction<'auth'>, label: string, issue: FieldIssue): string {
  if (issue.code === 'required') return t('validation.required', { field: label });
  // maxLength 0 means no upper bound; with no bounds at all there is no length to name.
  if (issue.min === 0 && issue.max === 0) return t('validation.invalid', { field: label });
  const length =
    issue.max === 0
      ? t('validation.rangeMin', { min: issue.min })
      : issue.min === issue.max
        ? String(issue.min)
        : t('validation.range', { min: issue.min, max: issue.max });
  return t(`validation.patterns.${issue.patternId}`, { length, defaultValue: t('validation.invalid', { field: label }) });
}

/** A react-hook-form `validate` function for a server-driven field rule. */
export function createFieldValidator(
  t: TFunction<'auth'>,
  label: string,
  rule: FieldRule | undefined,
  isRequired: boolean,
  { isSecret = false }: { isSecret?: boolean } = {},
) {
  return (value: unknown): true | string => {
    // Secrets are checked exactly as typed (and sent so); other fields are trimmed.
    const raw = typeof value === 'string' ? value : '';
    const text = isSecret ? raw : raw.trim();
    if (!rule) {
      return isRequired && text === '' ? t('validation.required', { field: label }) : true;
    }
    const issue = validateField(rule, text, { required: isRequired });
    return issue ? describeFieldIssue(t, label, issue) : true;
  };
}

/** Spec §5: phone numbers must have the digit count of their country, when it has one. */
export function createMobileValidator(
  t: TFunction<'auth'>,
  label: string,
  rule: FieldRule | undefined,
  isRequired: boolean,
  getCountry: () => Country | undefined,
) {
  const checkRule = createFieldValidator(t, label, rule, isRequired);
  return (value: unknown): true | string => {
    const text = typeof value === 'string' ? value.trim() : '';
    const ruleResult = checkRule(text);
    if (ruleResult !== true || text === '') return ruleResult;
    if (!/^\d{4,15}$/.test(text)) return t('validation.mobile');
    const lengths = getCountry()?.mobileLengths ?? [];
    if (lengths.length > 0 && !lengths.includes(text.length)) {
      return t('validation.mobileLength', { lengths: lengths.join(' / ') });
    }
    return true;
  };
}

/** Validator for a confirmation that must equal another field (spec §5: 'entry does not match'). */
export function createConfirmValidator(t: TFunction<'auth'>, label: string, getOther: () => unknown) {
  return (value: unknown): true | string => {
    if (typeof value !== 'string' || value === '') return t('validation.required', { field: label });
    return value === getOther() ? true : t('validation.mismatch');
  };
}

/** Validator for a plain required text field (login form, spec §5: trimmed). */
export function createRequiredValidator(t: TFunction<'auth'>, label: string) {
  return (value: unknown): true | string =>
    typeof value === 'string' && value.trim() !== '' ? true : t('validation.required', { field: label });
}
