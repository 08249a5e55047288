import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIVIDEND_PERIODS, type ContractType } from '@wps/shared/schemas/agents';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { toast } from '../../../components/ui/toast';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import type { MoneyFormat } from '../../../lib/money';
import { useProcessContract } from '../api/process-contract';
import { createOfferFormSchema, EMPTY_TIER, type OfferFormValues } from '../contract-offer-form';

const MAX_TIERS = 10;

export type DownlineOption = { id: string; account: string };

/**
 * Offer a contract of `type` to a direct downline agent: its tiers (minimum team base, minimum
 * active players, rate) and, for a dividend, its period. Checked by the shared schemas before it
 * leaves; the server checks the rate cap against the member's own contract.
 */
export function ContractOfferForm({
  type,
  money,
  downlines,
}: {
  type: ContractType;
  money: MoneyFormat;
  downlines: readonly DownlineOption[];
}) {
  const { t } = useTranslation('agent');
  const { locale } = useFormats();
  const mutation = useProcessContract(type);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const hasPeriod = type === 'dividend';
  const resolver = createFormResolver<OfferFormValues, unknown>(
    createOfferFormSchema({ scale: money.scale, locale, hasPeriod }),
    ({ reason }) => t(`offer.errors.${reason}`, { defaultValue: t('offer.errors.format'), scale: money.scale }),
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OfferFormValues, unknown, Parameters<typeof mutation.mutate>[0]>({
    mode: 'onTouched',
    defaultValues: { downlineId: downlines[0]?.id ?? '', period: 'daily', tiers: [{ ...EMPTY_TIER }] },
    resolver: resolver as never,
  });
  const tiers = useFieldArray({ control, name: 'tiers' });
  const baseLabel = type === 'dividend' ? t('terms.minNetLoss') : t('terms.minTurnover');

  function onSubmit(body: Parameters<typeof mutation.mutate>[0]) {
    setFormError(null);
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(t('done.offer'));
        reset({
          downlineId: body.action === 'offer' ? body.downlineId : '',
          period: 'daily',
          tiers: [{ ...EMPTY_TIER }],
        });
      },
      onError: (error) => setFormError(translateError(error)),
    });
  }

  return (
    <form
      className="ac-offer"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className="ac-section__title">
        {t('offer.title')}
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-downline`}>
          {t('offer.downline')}
        </label>
        <div className="field__box">
          <select
            id={`${ids}-downline`}
            className="field__input"
            aria-invalid={errors.downlineId ? true : undefined}
            {...register('downlineId')}
          >
            {downlines.map((d) => (
              <option key={d.id} value={d.id}>
                {d.account}
              </option>
            ))}
          </select>
        </div>
        {errors.downlineId?.message && <p className="field__error">{errors.downlineId.message}</p>}
      </div>
      {hasPeriod && (
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-period`}>
            {t('terms.period')}
          </label>
          <div className="field__box">
            <select id={`${ids}-period`} className="field__input" {...register('period')}>
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`period.${p}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <fieldset className="ac-offer__tiers">
        <legend>{t('terms.tiers')}</legend>
        {tiers.fields.map((field, index) => (
          <div key={field.id} className="ac-offer__tier" role="group" aria-label={t('offer.tier', { n: index + 1 })}>
            <TextField
              label={baseLabel}
              inputMode="decimal"
              autoComplete="off"
              maxLength={24}
              error={errors.tiers?.[index]?.minAmount?.message}
              {...register(`tiers.${index}.minAmount`)}
            />
            <TextField
              label={t('terms.minActivePlayers')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              error={errors.tiers?.[index]?.minActivePlayers?.message}
              {...register(`tiers.${index}.minActivePlayers`)}
            />
            <TextField
              label={t('offer.ratePercent')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={7}
              error={errors.tiers?.[index]?.ratePercent?.message}
              {...register(`tiers.${index}.ratePercent`)}
            />
            {tiers.fields.length > 1 && (
              <Button type="button" size="sm" variant="ghost" onClick={() => tiers.remove(index)}>
                {t('offer.removeTier', { n: index + 1 })}
              </Button>
            )}
          </div>
        ))}
        {errors.tiers?.root?.message || errors.tiers?.message ? (
          <p className="field__error" role="alert">
            {errors.tiers.root?.message ?? errors.tiers.message}
          </p>
        ) : null}
        {tiers.fields.length < MAX_TIERS && (
          <Button type="button" size="sm" variant="secondary" onClick={() => tiers.append({ ...EMPTY_TIER })}>
            {t('offer.addTier')}
          </Button>
        )}
      </fieldset>
      {formError && (
        <p className="ac-note ac-note--error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" loading={mutation.isPending}>
        {t('offer.submit')}
      </Button>
    </form>
  );
}
