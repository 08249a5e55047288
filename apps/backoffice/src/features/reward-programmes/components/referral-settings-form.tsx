import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { REFERRAL_MAX_WINDOW_DAYS, type ReferralSettings } from '@wps/shared/schemas/referral';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { minorAsTyped, typedMinorText, useAmountLocale } from '../../../lib/typed-money';
import { ReasonAndSave } from './reason-and-save';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral-settings';

/** The form as typed: the amounts read by the shared money parser in the operator's language ("1.500,00") into minor units. */
function formSchemaFor(locale: string) {
  const amount = typedMinorText(SITE_MONEY.scale, locale);
  return z.object({
    enabled: z.boolean(),
    minFirstDeposit: amount,
    minTurnover: amount,
    withinDays: z.coerce.number().int().min(1).max(REFERRAL_MAX_WINDOW_DAYS),
    reward: amount,
    reason: opsReasonSchema,
  });
}
type FormInput = z.input<ReturnType<typeof formSchemaFor>>;
type FormOutput = z.output<ReturnType<typeof formSchemaFor>>;

function defaultsOf(s: ReferralSettings, locale: string): FormInput {
  const typed = (minor: string) => minorAsTyped(minor, SITE_MONEY.scale, locale);
  return {
    enabled: s.enabled,
    minFirstDeposit: typed(s.minFirstDepositMinor),
    minTurnover: typed(s.minTurnoverMinor),
    withinDays: s.withinDays,
    reward: typed(s.rewardMinor),
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
  const locale = useAmountLocale();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchemaFor(locale)),
    defaultValues: defaultsOf(settings, locale),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    const body = {
      enabled: v.enabled,
      minFirstDepositMinor: v.minFirstDeposit,
      minTurnoverMinor: v.minTurnover,
      withinDays: v.withinDays,
      rewardMinor: v.reward,
      reason: v.reason,
    };
    await save.mutateAsync(body).then(
      // The fields keep what the operator typed; only the reason starts again.
      () => form.reset({ ...form.getValues(), reason: '' }),
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
