import type { TFunction } from 'i18next';
import { z } from 'zod';
import { mobileNumberSchema } from '@wps/shared/schemas/common';
import { getPasswordRule, type FieldRule } from '@wps/shared/schemas/system';
import { validateField, type FieldError as FieldIssue } from '@wps/shared/validation-patterns';
import type { DescribeIssue, FormIssue } from './form-resolver';

/*
 * Zod pieces for the operator's field rules. The rules themselves are the shared
 * `validateField` the server runs, so the form and the server cannot disagree; these only report
 * a failure as a form issue (a reason and its numbers) that `createIssueDescriber` words.
 */

function addIssue(ctx: z.RefinementCtx, params: Record<string, unknown> & { reason: string }): void {
  ctx.addIssue({ code: 'custom', params });
}

/** Text checked against a server-driven field rule; secrets are checked exactly as typed, other text trimmed. */
export function ruleText(
  rule: FieldRule | undefined,
  { isRequired, isSecret = false }: { isRequired: boolean; isSecret?: boolean },
) {
  return z.string().superRefine((value, ctx) => {
    const text = isSecret ? value : value.trim();
    const issue = validateField(rule, text, { required: isRequired });
    if (issue) addIssue(ctx, { reason: issue.code, patternId: issue.patternId, min: issue.min, max: issue.max });
  });
}

/** A new login password: the operator's rule with the server's minimum length, checked exactly as typed. */
export function passwordText(rule: FieldRule | undefined) {
  return ruleText(getPasswordRule(rule), { isRequired: true, isSecret: true });
}

/** Text that may not be empty once trimmed (login name, a code the server checks). */
export function requiredText() {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === '') addIssue(ctx, { reason: 'required' });
  });
}

/**
 * A mobile number: its field rule, then the shared number shape, then the digit count
 * of its country when the country has one.
 */
export function mobileText(rule: FieldRule | undefined, isRequired: boolean, countryLengths: readonly number[] = []) {
  return ruleText(rule, { isRequired }).superRefine((value, ctx) => {
    const text = value.trim();
    if (text === '' || (rule && validateField(rule, text, { required: isRequired }))) return;
    if (!mobileNumberSchema.safeParse(text).success) addIssue(ctx, { reason: 'mobile' });
    else if (countryLengths.length > 0 && !countryLengths.includes(text.length)) {
      addIssue(ctx, { reason: 'mobileLength', lengths: countryLengths.join(' / ') });
    }
  });
}

/** The check that a confirmation equals its field ('entry does not match'), for an object's `.superRefine`. */
export function checkConfirmation(
  values: Record<string, unknown>,
  field: string,
  confirm: string,
  ctx: z.RefinementCtx,
): void {
  const value = values[confirm];
  if (typeof value !== 'string' || value === '')
    ctx.addIssue({ code: 'custom', path: [confirm], params: { reason: 'required' } });
  else if (value !== values[field]) ctx.addIssue({ code: 'custom', path: [confirm], params: { reason: 'mismatch' } });
}

/**
 * The text for one field issue: empty → field name plus the not-empty message;
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
  return t(`validation.patterns.${issue.patternId}`, {
    length,
    defaultValue: t('validation.invalid', { field: label }),
  });
}

/**
 * Every rule a new password must meet, worded before the player types (the field's hint): the
 * operator's pattern and length with the server's minimum (`getPasswordRule`, as `passwordText`
 * checks), and the list of common passwords the server refuses (PASSWORD_TOO_WEAK). A password
 * manager's suggestion then fails only on what the hint says.
 */
export function passwordRuleHint(t: TFunction<'auth'>, rule: FieldRule | undefined): string {
  const full = getPasswordRule(rule);
  const ruleText = describeFieldIssue(t, t('fields.password'), {
    code: 'pattern',
    patternId: full.patternId,
    min: full.minLength,
    max: full.maxLength,
  });
  return t('validation.passwordHint', { rule: ruleText });
}

/**
 * Words the issues of the field-rule pieces above in the player's language; `labelOf` names the
 * fields. `describeOther` words a form's own reasons and returns undefined for the rest.
 */
export function createIssueDescriber(
  t: TFunction<'auth'>,
  labelOf: (field: string) => string,
  describeOther: (issue: FormIssue) => string | undefined = () => undefined,
): DescribeIssue {
  return (issue) => {
    const own = describeOther(issue);
    if (own !== undefined) return own;
    const label = labelOf(issue.field);
    const { reason, params } = issue;
    switch (reason) {
      case 'required':
      case 'pattern':
      case 'length':
        return describeFieldIssue(t, label, {
          code: reason,
          patternId: Number(params.patternId ?? 0),
          min: Number(params.min ?? 0),
          max: Number(params.max ?? 0),
        });
      case 'mismatch':
        return t('validation.mismatch');
      case 'mobile':
        return t('validation.mobile');
      case 'email':
        return t('validation.email');
      case 'mobileLength':
        return t('validation.mobileLength', { lengths: String(params.lengths ?? '') });
      case 'agree':
        return t('validation.agree');
      default:
        return t('validation.invalid', { field: label });
    }
  };
}
