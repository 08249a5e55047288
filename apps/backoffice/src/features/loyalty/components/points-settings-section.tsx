import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { parseTypedAmount } from '@wps/shared/money';
import { opsPointsSettingsSchema, type OpsPointsSettings } from '@wps/shared/schemas/points';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { majorAsTyped, typedMajorText, useAmountLocale } from '../../../lib/typed-money';
import { usePointsSettings, useSavePointsSettings } from '../api/points-settings';

/** Earning rates by game category (points per whole currency unit of turnover) and the conversion to cash. */
export function PointsSettingsSection() {
  const settings = usePointsSettings();
  return settings.data ? <PointsSettingsForm settings={settings.data} /> : null;
}

/** The settings as the operator types them: the cash of a conversion read by the shared money parser in their language. */
function formSchemaFor(locale: string) {
  return opsPointsSettingsSchema.extend({ conversionAmount: typedMajorText(SITE_MONEY.scale, locale) });
}
type FormSchema = ReturnType<typeof formSchemaFor>;

/**
 * An earning rate (not money: points per currency unit) typed with either decimal mark ("2,5" or
 * "2.5"), read by the shared parser to four decimals; NaN when unreadable, which the shared rule refuses.
 */
function readRate(typed: unknown, locale: string): number {
  if (typeof typed === 'number') return typed;
  const tenThousandths = parseTypedAmount(String(typed), 4, locale);
  return tenThousandths === null ? Number.NaN : Number(tenThousandths) / 10_000;
}

function PointsSettingsForm({ settings }: { settings: OpsPointsSettings }) {
  const { t } = useTranslation('loyalty');
  const id = useId();
  const canWrite = useCan('loyalty.write');
  const save = useSavePointsSettings(t('points.saved'));
  const locale = useAmountLocale();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<FormSchema>, unknown, OpsPointsSettings>({
    resolver: zodResolver(formSchemaFor(locale)),
    defaultValues: {
      ...settings,
      conversionAmount: majorAsTyped(settings.conversionAmount, SITE_MONEY.scale, locale),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      // The mutation holds the translated error.
    }
  });
  return (
    <form className="loyalty-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="loyalty-fieldset" disabled={!canWrite}>
        <legend>{t('points.rates')}</legend>
        <p className="field__hint">{t('points.ratesHint')}</p>
        <div className="loyalty-grid">
          {settings.earnRates.map((rate, index) => (
            <div className="field" key={rate.category}>
              <label className="field__label" htmlFor={`${id}-rate-${rate.category}`}>
                {t(`categories.${rate.category}`)}
              </label>
              <input
                id={`${id}-rate-${rate.category}`}
                className="field__input"
                inputMode="decimal"
                {...register(`earnRates.${index}.rate`, { setValueAs: (typed: unknown) => readRate(typed, locale) })}
              />
              {errors.earnRates?.[index] && <p className="field__error">{t('points.invalid')}</p>}
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="loyalty-fieldset" disabled={!canWrite}>
        <legend>{t('points.conversion')}</legend>
        <div className="loyalty-grid">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-cp`}>
              {t('points.conversionPoints')}
            </label>
            <input
              id={`${id}-cp`}
              className="field__input"
              inputMode="numeric"
              {...register('conversionPoints', { valueAsNumber: true })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-ca`}>
              {t('points.conversionAmount')}
            </label>
            <input id={`${id}-ca`} className="field__input" inputMode="decimal" {...register('conversionAmount')} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-min`}>
              {t('points.minConversion')}
            </label>
            <input
              id={`${id}-min`}
              className="field__input"
              inputMode="numeric"
              {...register('minConversion', { valueAsNumber: true })}
            />
          </div>
        </div>
        {(errors.conversionPoints || errors.conversionAmount || errors.minConversion) && (
          <p className="field__error">{t('points.invalid')}</p>
        )}
      </fieldset>
      <FormError message={save.errorMessage} />
      {canWrite && (
        <div className="loyalty-form__actions">
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}
