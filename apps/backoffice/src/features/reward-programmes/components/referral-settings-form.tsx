import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { formatMinor, parseMajor } from '@wps/shared/money';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { REFERRAL_MAX_WINDOW_DAYS, type ReferralSettings } from '@wps/shared/schemas/referral';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { ReasonAndSave } from './reason-and-save';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral-settings';

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}([.,]\d{1,8})?$/);
const formSchema = z.object({
  enabled: z.boolean(),
  minFirstDeposit: amount,
  minTurnover: amount,
  withinDays: z.coerce.number().int().min(1).max(REFERRAL_MAX_WINDOW_DAYS),
  reward: amount,
  reason: opsReasonSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const toMinor = (text: string) => parseMajor(text.replace(',', '.'), SITE_MONEY.scale).toString();

function defaultsOf(s: ReferralSettings): FormInput {
  const major = (minor: string) => formatMinor(minor, SITE_MONEY.scale);
  return {
    enabled: s.enabled,
    minFirstDeposit: major(s.minFirstDepositMinor),
    minTurnover: major(s.minTurnoverMinor),
    withinDays: s.withinDays,
    reward: major(s.rewardMinor),
    reason: '',
  };
}

/** Refer and earn: the switch, what qualifies an invited player within how many days, and the referrer's reward (audited). */
export function ReferralSettingsForm() {
  const settings = useReferralSettings();
  if (!settings.data) return null;
  return <ReferralForm settings={settings.data} />;
}

function ReferralForm({ settings }: { settings: ReferralSettings }) {
  const { t } = useTranslation('reward-programmes');
  const canChange = useCan('rewards.write');
  const switchId = useId();
  const save = useSaveReferralSettings(() => t('saved'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaultsOf(settings),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    const body = {
      enabled: v.enabled,
      minFirstDepositMinor: toMinor(v.minFirstDeposit),
      minTurnoverMinor: toMinor(v.minTurnover),
      withinDays: v.withinDays,
      rewardMinor: toMinor(v.reward),
      reason: v.reason,
    };
    await save.mutateAsync(body).then(
      () => form.reset({ ...v, reason: '' }),
      () => undefined,
    );
  });
  return (
    <form onSubmit={submit} noValidate className="programme-form" aria-labelledby="referral-settings-title">
      <h2 id="referral-settings-title">{t('referral.title')}</h2>
      <p>{t('referral.intro')}</p>
      <div className="programme-switch">
        <input id={switchId} type="checkbox" disabled={!canChange} {...form.register('enabled')} />
        <label htmlFor={switchId}>{t('referral.enabled')}</label>
      </div>
      <TextField
        label={t('referral.minFirstDeposit', { currency: SITE_MONEY.currency })}
        inputMode="decimal"
        disabled={!canChange}
        {...form.register('minFirstDeposit')}
        error={errors.minFirstDeposit && t('amountInvalid')}
      />
      <TextField
        label={t('referral.minTurnover', { currency: SITE_MONEY.currency })}
        inputMode="decimal"
        disabled={!canChange}
        {...form.register('minTurnover')}
        error={errors.minTurnover && t('amountInvalid')}
      />
      <TextField
        label={t('referral.withinDays')}
        inputMode="numeric"
        disabled={!canChange}
        {...form.register('withinDays')}
        error={errors.withinDays && t('referral.withinDaysInvalid', { max: REFERRAL_MAX_WINDOW_DAYS })}
      />
      <TextField
        label={t('referral.reward', { currency: SITE_MONEY.currency })}
        inputMode="decimal"
        disabled={!canChange}
        {...form.register('reward')}
        error={errors.reward && t('amountInvalid')}
      />
      {canChange && (
        <ReasonAndSave
          reason={form.register('reason')}
          reasonMissing={Boolean(errors.reason)}
          errorMessage={save.errorMessage}
          isPending={save.isPending}
        />
      )}
    </form>
  );
}
