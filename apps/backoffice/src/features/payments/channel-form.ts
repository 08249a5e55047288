import { z } from 'zod';
import {
  depositChannelInputSchema,
  depositChannelTypeSchema,
  depositMethodSchema,
  depositProviderSchema,
  type DepositChannelType,
  type OpsDepositChannel,
} from '@wps/shared/schemas/deposit';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import type { SaveDepositChannelInput } from './api/save-deposit-channel';
import {
  bpsToTyped,
  checkedBy,
  integerText,
  minorText,
  minorToTyped,
  optionalMinorText,
  percentAsBps,
} from './form-fields';

/**
 * The channel dialog's form. Its fields carry the API's names, so the shared
 * depositChannelInputSchema (run after the typed text is converted) and the server's
 * VALIDATION_FAILED answer both report on the field the operator typed in.
 */
export function channelFormSchema(scale: number, locale?: string) {
  const optionalText = z.string().transform((text) => text.trim() || undefined);
  return z
    .object({
      id: z.string().optional(),
      name: z.string(),
      type: depositChannelTypeSchema,
      currency: z.string().transform((text) => text.trim().toUpperCase()),
      minMinor: minorText(scale, locale),
      maxMinor: minorText(scale, locale),
      feeFixedMinor: optionalMinorText(scale, locale),
      feeBps: percentAsBps,
      enabled: z.boolean(),
      sort: integerText,
      bankName: optionalText,
      accountNumber: optionalText,
      accountHolder: optionalText,
      provider: z
        .string()
        .transform((text) => text || undefined)
        .pipe(depositProviderSchema.optional()),
      // Always sent: the API would otherwise guess the kind from the type, and the licence hides some kinds from players.
      method: z.union([z.literal(''), depositMethodSchema]).pipe(depositMethodSchema),
      reason: opsReasonSchema,
    })
    .transform(({ bankName, accountNumber, accountHolder, provider, ...rest }) =>
      // Only the fields of the chosen type go out: a gateway has no receiving account, a bank transfer no provider.
      rest.type === 'manual_bank' ? { ...rest, bankName, accountNumber, accountHolder } : { ...rest, provider },
    )
    .transform(checkedBy(depositChannelInputSchema));
}

export type ChannelFormSchema = ReturnType<typeof channelFormSchema>;
export type ChannelFormValues = z.input<ChannelFormSchema>;
export type ChannelField = Exclude<keyof ChannelFormValues, 'id' | 'enabled'>;

/** The fields the form shows an error under (server answers name the same ones). */
export const CHANNEL_FIELDS: readonly ChannelField[] = [
  'name',
  'type',
  'currency',
  'minMinor',
  'maxMinor',
  'feeFixedMinor',
  'feeBps',
  'sort',
  'bankName',
  'accountNumber',
  'accountHolder',
  'provider',
  'method',
  'reason',
];

/** The form's starting values: the channel's own, or a new bank-transfer channel in the site currency whose payment method the operator picks. */
export function channelFormValues(
  channel: OpsDepositChannel | null,
  money: { currency: string; scale: number },
  language: string,
): ChannelFormValues {
  if (!channel) {
    return {
      name: '',
      type: 'manual_bank',
      currency: money.currency,
      minMinor: '',
      maxMinor: '',
      feeFixedMinor: '0',
      feeBps: '0',
      enabled: true,
      sort: '0',
      bankName: '',
      accountNumber: '',
      accountHolder: '',
      provider: 'sandbox',
      method: '',
      reason: '',
    };
  }
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    currency: channel.currency,
    minMinor: minorToTyped(channel.minMinor, money.scale, language),
    maxMinor: minorToTyped(channel.maxMinor, money.scale, language),
    feeFixedMinor: minorToTyped(channel.feeFixedMinor, money.scale, language),
    feeBps: bpsToTyped(channel.feeBps, language),
    enabled: channel.enabled,
    sort: String(channel.sort),
    bankName: channel.bankName ?? '',
    accountNumber: channel.accountNumber ?? '',
    accountHolder: channel.accountHolder ?? '',
    provider: channel.provider ?? (channel.type === 'gateway' ? '' : 'sandbox'),
    method: channel.method,
    reason: '',
  };
}

/** The channel as the PUT body replaces it, with another `enabled` (the enable / disable action). */
export function channelWithEnabled(
  channel: OpsDepositChannel,
  enabled: boolean,
  reason: string,
): SaveDepositChannelInput {
  const provider = depositProviderSchema.safeParse(channel.provider);
  const type: DepositChannelType = channel.type;
  return {
    id: channel.id,
    name: channel.name,
    type,
    currency: channel.currency,
    minMinor: channel.minMinor,
    maxMinor: channel.maxMinor,
    feeFixedMinor: channel.feeFixedMinor,
    feeBps: channel.feeBps,
    enabled,
    sort: channel.sort,
    method: channel.method,
    ...(type === 'manual_bank'
      ? {
          bankName: channel.bankName ?? undefined,
          accountNumber: channel.accountNumber ?? undefined,
          accountHolder: channel.accountHolder ?? undefined,
        }
      : { provider: provider.success ? provider.data : undefined }),
    reason,
  };
}
