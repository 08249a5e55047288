import { z } from 'zod';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { opsWithdrawalSettingsBodySchema, type WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { checkedBy, integerText, minorText, minorToTyped } from './form-fields';

/**
 * The withdrawal rules form: amounts typed in major units, counts as whole numbers, and a reason.
 * The minimum must be positive and not above the maximum, checked here as the server checks it
 * (withdrawalSettingsSchema), so the operator sees it under the field before sending.
 */
export function withdrawalFormSchema(scale: number, locale?: string) {
  return z
    .object({
      minAmountMinor: minorText(scale, locale),
      maxAmountMinor: minorText(scale, locale),
      dailyCountLimit: integerText,
      autoReceiptMinutes: integerText,
      reviewDeadlineHours: integerText,
      reason: opsReasonSchema,
    })
    .superRefine((rules, ctx) => {
      if (BigInt(rules.minAmountMinor) <= 0n)
        ctx.addIssue({ code: 'custom', path: ['minAmountMinor'], message: 'must be positive' });
      else if (BigInt(rules.maxAmountMinor) < BigInt(rules.minAmountMinor))
        ctx.addIssue({ code: 'custom', path: ['maxAmountMinor'], message: 'must be at least the minimum' });
    })
    .transform(checkedBy(opsWithdrawalSettingsBodySchema));
}

export type WithdrawalFormSchema = ReturnType<typeof withdrawalFormSchema>;
export type WithdrawalFormValues = z.input<WithdrawalFormSchema>;
export type WithdrawalField = keyof WithdrawalFormValues;

export const WITHDRAWAL_FIELDS: readonly WithdrawalField[] = [
  'minAmountMinor',
  'maxAmountMinor',
  'dailyCountLimit',
  'autoReceiptMinutes',
  'reviewDeadlineHours',
  'reason',
];

/** The stored rules as the form shows them, ready to edit. */
export function withdrawalFormValues(
  settings: WithdrawalSettings,
  scale: number,
  language: string,
): WithdrawalFormValues {
  return {
    minAmountMinor: minorToTyped(settings.minAmountMinor, scale, language),
    maxAmountMinor: minorToTyped(settings.maxAmountMinor, scale, language),
    dailyCountLimit: String(settings.dailyCountLimit),
    autoReceiptMinutes: String(settings.autoReceiptMinutes),
    reviewDeadlineHours: String(settings.reviewDeadlineHours),
    reason: '',
  };
}
