import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { pointsInputSchema, type PointConfig } from '@wps/shared/schemas/points';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useConvertPoints } from '../api/convert-points';
import { usePointConfig } from '../api/get-point-config';
import { newRequestKey } from '../loyalty-format';

/** Convert points to cash at the operator's rate: whole steps of the rate, at least the minimum. */
export function ConvertForm() {
  const config = usePointConfig();
  return config.data ? <ConvertFormFor config={config.data} /> : null;
}

function ConvertFormFor({ config }: { config: PointConfig }) {
  const { t } = useTranslation('loyalty');
  const { number } = useFormats();
  const formatMoney = useFormatMoney();
  const mutation = useConvertPoints();
  const keyRef = useRef(newRequestKey());
  const [formError, setFormError] = useState<string | null>(null);
  const money = (amount: string) => formatMoney(amount, { currency: config.currency, scale: config.currencyScale });
  const minimum = Math.max(config.minConversion, config.conversionPoints);
  const schema = z.object({
    points: pointsInputSchema.refine((v) => Number(v) >= minimum, { params: { reason: 'minimum' } }),
    paymentPassword: z.string().min(1).max(64),
  });
  const resolver = createFormResolver(schema, ({ field, reason }) =>
    field === 'points'
      ? reason === 'minimum'
        ? t('convert.minimum', { points: number(minimum) })
        : t('convert.pointsFormat')
      : t('redeem.passwordRequired'),
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ mode: 'onTouched', defaultValues: { points: '', paymentPassword: '' }, resolver });

  function onSubmit(values: { points: string; paymentPassword: string }) {
    setFormError(null);
    mutation.mutate(
      { ...values, idempotencyKey: keyRef.current },
      {
        onSuccess: (result) => {
          keyRef.current = newRequestKey();
          reset({ points: '', paymentPassword: '' });
          toast.success(
            t('convert.done', { points: number(Number(result.convertedPoints)), amount: money(result.cashAmount) }),
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) keyRef.current = newRequestKey();
          if (
            isApiError(error, 'PAYMENT_PASSWORD_INVALID') ||
            isApiError(error, 'PAYMENT_PASSWORD_LOCKED') ||
            isApiError(error, 'PAYMENT_PASSWORD_NOT_SET')
          ) {
            setError('paymentPassword', { message: translateError(error) });
          } else if (isApiError(error, 'POINTS_INSUFFICIENT') || isApiError(error, 'POINTS_BELOW_MINIMUM')) {
            setError('points', { message: translateError(error) });
          } else {
            setFormError(translateError(error));
          }
        },
      },
    );
  }

  return (
    <form className="pm-convert" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p className="pm__hint">
        {t('convert.rate', { points: number(config.conversionPoints), amount: money(config.conversionAmount) })}
      </p>
      <TextField
        label={t('convert.points')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={15}
        hint={t('convert.minimum', { points: number(minimum) })}
        error={errors.points?.message}
        {...register('points')}
      />
      <TextField
        label={t('redeem.paymentPassword')}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={64}
        error={errors.paymentPassword?.message}
        {...register('paymentPassword')}
      />
      {formError && (
        <p className="pm-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={mutation.isPending}>
        {t('convert.submit')}
      </Button>
    </form>
  );
}
