import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  RG_SIGN_UP_DEPOSIT_PERIODS,
  createRgSignUpLimitsSchema,
  signUpLimitChanges,
  type RgSignUpLimits,
  type RgSignUpLimitsInput,
} from '@wps/shared/schemas/responsible-gaming';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useRgStatus } from '../api/get-rg-status';
import { useSetLimits } from '../api/set-limits';
import '../../../components/ui/content-page.css';
import '../responsible-gaming.css';

export const SIGN_UP_LIMITS_PATH = '/welcome/limits';

/**
 * The sign-up's first step under a licence that asks for limits at registration (docs/compliance.md,
 * "Responsible gambling"): a deposit and a loss limit for the periods the player picks and a daily time limit,
 * saved as ordinary limits before the player reaches the lobby; then `next`.
 */
export function SignUpLimitsPage({ next }: { next: string }) {
  const { t } = useTranslation('responsibleGaming');
  const status = useRgStatus();
  const save = useSetLimits();
  const navigate = useNavigate();
  const periodId = useId();
  const lossPeriodId = useId();
  const { locale } = useFormats();
  const scale = status.data?.scale ?? 2;
  // Built each render, so the messages follow the language and the currency's decimals the status.
  const { register, handleSubmit, formState } = useForm<RgSignUpLimitsInput, unknown, RgSignUpLimits>({
    resolver: createFormResolver(createRgSignUpLimitsSchema(scale, locale), ({ field, reason }) =>
      t(
        field === 'dailyHours'
          ? 'signUp.hoursInvalid'
          : reason === 'format'
            ? 'signUp.amountFormat'
            : 'signUp.amountInvalid',
        { scale },
      ),
    ),
    defaultValues: { depositPeriod: 'month', deposit: '', lossPeriod: 'month', loss: '', dailyHours: '' },
  });
  if (status.isPending) return <p className="content-page__note">{t('loading')}</p>;
  if (status.isError) return <FormError message={translateError(status.error)} />;
  const onSubmit = (values: RgSignUpLimits) =>
    save.mutate(signUpLimitChanges(values), { onSuccess: () => void navigate(next) });
  return (
    <div className="content-page" data-testid="sign-up-limits">
      <p className="content-page__step">{t('signUp.step')}</p>
      <h1 className="content-page__title">{t('signUp.title')}</h1>
      <p className="content-page__note">{t('signUp.intro')}</p>
      {status.data.mustSetLimits ? (
        <form className="rg-card rg-sign-up" noValidate onSubmit={handleSubmit(onSubmit)}>
          <div className="field">
            <label className="field__label" htmlFor={periodId}>
              {t('signUp.period')}
            </label>
            <div className="field__box">
              <select id={periodId} className="field__input" {...register('depositPeriod')}>
                {RG_SIGN_UP_DEPOSIT_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`limits.deposit_${period}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField
            label={t('signUp.deposit')}
            hint={status.data.currency}
            inputMode="decimal"
            autoComplete="off"
            requiredMark
            error={formState.errors.deposit?.message}
            {...register('deposit')}
          />
          <div className="field">
            <label className="field__label" htmlFor={lossPeriodId}>
              {t('signUp.lossPeriod')}
            </label>
            <div className="field__box">
              <select id={lossPeriodId} className="field__input" {...register('lossPeriod')}>
                {RG_SIGN_UP_DEPOSIT_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`limits.loss_${period}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField
            label={t('signUp.loss')}
            hint={status.data.currency}
            inputMode="decimal"
            autoComplete="off"
            requiredMark
            error={formState.errors.loss?.message}
            {...register('loss')}
          />
          <TextField
            label={t('signUp.hours')}
            hint={t('signUp.hoursHint')}
            inputMode="numeric"
            autoComplete="off"
            requiredMark
            error={formState.errors.dailyHours?.message}
            {...register('dailyHours')}
          />
          <p className="content-page__note">{t('signUp.rule')}</p>
          <FormError message={save.error ? translateError(save.error) : null} />
          <Button type="submit" loading={save.isPending}>
            {t('signUp.save')}
          </Button>
        </form>
      ) : (
        <>
          <p className="content-page__note" role="status">
            {t('signUp.already')}
          </p>
          <Button onClick={() => void navigate(next)}>{t('signUp.continue')}</Button>
        </>
      )}
    </div>
  );
}
