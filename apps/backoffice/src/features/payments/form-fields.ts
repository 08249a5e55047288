import { z } from 'zod';
import { formatMinor } from '@wps/shared/money';
import { parseTypedAmount, typedAmountSchema } from '@wps/shared/schemas/typed-amount';
import { isApiError } from '../../lib/api-client';

/**
 * The typed-text fields the payments forms share. Operators type amounts in major units as their
 * language writes them ("1.500,00" in Portuguese, "1,500.00" in English) or with either decimal
 * mark and no grouping ("10,00" or "10.00"); the form turns them into the minor-unit strings the
 * API takes, exactly (no float on the way).
 */

/** An amount in major units → its minor-unit string; `locale` is the operator's (a BCP 47 tag). */
export const minorText = (scale: number, locale?: string) => typedAmountSchema(scale, locale).transform(String);

/** An amount that may be left empty (a fixed fee): empty is zero. */
export const optionalMinorText = (scale: number, locale?: string) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? '0' : text))
    .pipe(minorText(scale, locale));

/** A percentage with up to two decimals ("1,5") → basis points (150); empty is zero. */
export const percentAsBps = z.string().transform((text, ctx) => {
  const bps = text.trim() === '' ? 0n : parseTypedAmount(text, 2);
  if (bps === null) {
    ctx.addIssue({ code: 'custom', params: { reason: 'format' } });
    return z.NEVER;
  }
  return Number(bps);
});

/** A whole number typed in a text field (the bounds are the API schema's). */
export const integerText = z
  .string()
  .trim()
  .regex(/^-?\d{1,6}$/)
  .transform(Number);

/**
 * A transform that runs an API schema on the converted values and reports its issues on the same
 * paths (the form's fields carry the API's names), so the shared rules are the form's rules.
 */
export function checkedBy<S extends z.ZodType>(schema: S) {
  return (value: z.input<S>, ctx: z.core.$RefinementCtx): z.output<S> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  };
}

/** Minor units as the operator would type them back: "10,00" in Portuguese, "10.00" in English. */
export function minorToTyped(minor: string, scale: number, language: string): string {
  const decimal = formatMinor(minor, scale);
  return language === 'pt' ? decimal.replace('.', ',') : decimal;
}

/** Basis points as a typed percentage (150 → "1,5"). */
export function bpsToTyped(bps: number, language: string): string {
  const percent = formatMinor(BigInt(bps), 2).replace(/\.?0+$/, '');
  return language === 'pt' ? percent.replace('.', ',') : percent;
}

/**
 * The form fields a VALIDATION_FAILED answer names (the server says `body.minMinor`, or
 * `params.bankCode` for a path's part; the forms name their fields after the API's), among
 * `known`; empty for any other error.
 */
export function serverFieldErrors<F extends string>(error: unknown, known: readonly F[]): F[] {
  if (!isApiError(error, 'VALIDATION_FAILED')) return [];
  const issues = (error.value as { fields?: { field?: unknown }[] } | undefined)?.fields ?? [];
  const names = issues.map((issue) => String(issue.field ?? '').replace(/^(body|params)\./, ''));
  return known.filter((field) => names.includes(field));
}
