import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TextField } from '@wps/ui/text-field';
import { KYC_REVERIFY_MAX_DAYS, kycSettingsBodySchema, type KycSettings } from '@wps/shared/schemas/kyc';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/permissions';
import { majorAsTyped, typedMajorText, useAmountLocale } from '../../../lib/typed-money';
import { useKycSettings } from '../api/kyc-settings';
import { useSaveKycSettings } from '../api/save-kyc-settings';
import './kyc.css';

/**
 * The form holds the cap and the days as typed: the cap is read by the shared money parser in the
 * operator's language ("1.500,00") into the major-unit decimal the body takes ("1500.00"); the
 * shared body schema checks the number of days.
 */
function formSchemaFor(scale: number, locale: string) {
  return kycSettingsBodySchema.extend({
    unverifiedDepositCap: typedMajorText(scale, locale),
    reverifyDays: z.coerce.number().int().min(0).max(KYC_REVERIFY_MAX_DAYS),
  });
}
type FormSchema = ReturnType<typeof formSchemaFor>;

/**
 * The licence's identity tiers (settings.read; changes settings.write): what an unverified player
 * may deposit in all before the identity check, and how often a verified player's face is checked
 * again at login (0: never). Each change is audited with its reason.
 */
export function KycSettingsPage() {
  const { t } = useTranslation('kyc');
  const { t: tc } = useTranslation();
  const settings = useKycSettings();
  const canWrite = useCan('settings.write');

  useEffect(() => {
    document.title = t('settings.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="kyc-settings-title">
      <div className="page-header">
        <h1 id="kyc-settings-title">{t('settings.title')}</h1>
      </div>
      <p>{t('settings.intro')}</p>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorState message={errorText(tc, settings.error)} />
      ) : canWrite ? (
        <SettingsForm current={settings.data} />
      ) : (
        <Current current={settings.data} />
      )}
    </section>
  );
}

function Current({ current }: { current: KycSettings }) {
  const { t } = useTranslation('kyc');
  return (
    <dl className="kyc-settings-current">
      <dt>{t('settings.cap')}</dt>
      <dd>
        {current.currency} {current.unverifiedDepositCap}
      </dd>
      <dt>{t('settings.days')}</dt>
      <dd>{current.reverifyDays === 0 ? t('settings.off') : t('settings.every', { count: current.reverifyDays })}</dd>
    </dl>
  );
}

function SettingsForm({ current }: { current: KycSettings }) {
  const { t } = useTranslation('kyc');
  const save = useSaveKycSettings(() => t('settings.saved'));
  const locale = useAmountLocale();
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemaFor(current.scale, locale)),
    defaultValues: {
      unverifiedDepositCap: majorAsTyped(current.unverifiedDepositCap, current.scale, locale),
      reverifyDays: current.reverifyDays,
      reason: '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset({
        unverifiedDepositCap: majorAsTyped(saved.unverifiedDepositCap, saved.scale, locale),
        reverifyDays: saved.reverifyDays,
        reason: '',
      });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="kyc-settings-form" aria-label={t('settings.formTitle')} onSubmit={submit} noValidate>
      <TextField
        label={t('settings.capLabel', { currency: current.currency })}
        hint={t('settings.capHint')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        error={errors.unverifiedDepositCap ? t('settings.capError', { scale: current.scale }) : undefined}
        {...form.register('unverifiedDepositCap')}
      />
      <TextField
        label={t('settings.daysLabel')}
        hint={t('settings.daysHint')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        error={errors.reverifyDays ? t('settings.daysError', { max: KYC_REVERIFY_MAX_DAYS }) : undefined}
        {...form.register('reverifyDays')}
      />
      <ReasonField
        label={t('settings.reasonLabel')}
        hint={t('settings.reasonHint')}
        required
        error={errors.reason ? t('settings.reasonError') : undefined}
        registration={form.register('reason')}
        maxLength={500}
      />
      <FormError message={save.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
