import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { BONUS_SPEND_ORDERS, bonusSettingsSchema, type BonusSettings } from '@wps/shared/schemas/bonus';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { majorAsTyped, typedMajorText, useAmountLocale } from '../../../lib/typed-money';
import { useBonusSettings } from '../api/get-bonus-settings';
import { useUpdateBonusSettings } from '../api/update-bonus-settings';
import './bonuses.css';

/** The bonus settings (bonuses.read; changed with bonuses.write, a reason and an audit entry). */
export function BonusSettingsPage() {
  const { t } = useTranslation('bonuses');
  const { t: tc } = useTranslation();
  const settings = useBonusSettings();

  useEffect(() => {
    document.title = t('settings.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="bonus-settings-title">
      <div className="page-header">
        <h1 id="bonus-settings-title">{t('settings.title')}</h1>
      </div>
      <p>{t('settings.intro')}</p>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorState message={errorText(tc, settings.error)} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </section>
  );
}

/** The settings as the operator types them: the default maximum stake read by the shared money parser in their language. */
function formSchemaFor(locale: string) {
  return bonusSettingsSchema.extend({ defaultMaxStake: typedMajorText(SITE_MONEY.scale, locale) });
}
type FormSchema = ReturnType<typeof formSchemaFor>;

function SettingsForm({ initial }: { initial: BonusSettings }) {
  const { t } = useTranslation('bonuses');
  const canWrite = useCan('bonuses.write');
  const update = useUpdateBonusSettings(() => t('settings.saved'));
  const [pending, setPending] = useState<BonusSettings | null>(null);
  const locale = useAmountLocale();
  const form = useForm<z.input<FormSchema>, unknown, BonusSettings>({
    resolver: zodResolver(formSchemaFor(locale)),
    defaultValues: { ...initial, defaultMaxStake: majorAsTyped(initial.defaultMaxStake, SITE_MONEY.scale, locale) },
  });
  const errors = form.formState.errors;
  const number = { valueAsNumber: true } as const;

  return (
    <form
      className="bonus-settings"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => setPending(values))(event)}
    >
      <fieldset disabled={!canWrite}>
        <legend>{t('settings.spendOrder')}</legend>
        {BONUS_SPEND_ORDERS.map((order) => (
          <label key={order} className="bonus-settings__radio">
            <input type="radio" value={order} {...form.register('spendOrder')} /> {t(`settings.orders.${order}`)}
          </label>
        ))}
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>{t('settings.contributions')}</legend>
        <div className="bonus-settings__grid">
          {initial.contributions.map((c, i) => (
            <div className="field" key={c.category}>
              <label className="field__label" htmlFor={`contribution-${c.category}`}>
                {t(`categories.${c.category}`)} (%)
              </label>
              <input
                id={`contribution-${c.category}`}
                className="field__input"
                type="number"
                min={0}
                max={100}
                step={1}
                {...form.register(`contributions.${i}.percent`, number)}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>{t('settings.defaults')}</legend>
        <div className="bonus-settings__grid">
          <div className="field">
            <label className="field__label" htmlFor="bonus-wagering">
              {t('settings.wageringMultiple')}
            </label>
            <input
              id="bonus-wagering"
              className="field__input"
              type="number"
              min={0}
              max={200}
              {...form.register('defaultWageringMultiple', number)}
              aria-invalid={errors.defaultWageringMultiple ? true : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bonus-expiry">
              {t('settings.expiryHours')}
            </label>
            <input
              id="bonus-expiry"
              className="field__input"
              type="number"
              min={1}
              max={8760}
              {...form.register('defaultExpiryHours', number)}
              aria-invalid={errors.defaultExpiryHours ? true : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bonus-max-stake">
              {t('settings.maxStake')}
            </label>
            <input
              id="bonus-max-stake"
              className="field__input"
              inputMode="decimal"
              {...form.register('defaultMaxStake')}
              aria-invalid={errors.defaultMaxStake ? true : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bonus-max-conversion">
              {t('settings.maxConversionMultiple')}
            </label>
            <input
              id="bonus-max-conversion"
              className="field__input"
              type="number"
              min={1}
              max={1000}
              {...form.register('defaultMaxConversionMultiple', number)}
              aria-invalid={errors.defaultMaxConversionMultiple ? true : undefined}
            />
          </div>
        </div>
      </fieldset>
      {Object.keys(errors).length > 0 && (
        <p className="field__error" role="alert">
          {t('settings.invalid')}
        </p>
      )}
      {canWrite && (
        <div className="actions">
          <Button type="submit">{t('settings.save')}</Button>
        </div>
      )}
      {pending && (
        <ConfirmDialog
          open
          onClose={() => setPending(null)}
          title={t('settings.confirmTitle')}
          description={t('settings.confirmDescription')}
          confirmLabel={t('settings.save')}
          onConfirm={(reason) => update.mutateAsync({ ...pending, reason })}
          isPending={update.isPending}
          errorMessage={update.errorMessage}
        />
      )}
    </form>
  );
}
