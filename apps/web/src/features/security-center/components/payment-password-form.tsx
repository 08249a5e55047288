import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@wps/shared/schemas/system';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { FormError } from '../../../components/form/form-error';
import { PasswordField } from '../../../components/form/password-field';
import { createConfirmValidator, createFieldValidator, createRequiredValidator } from '../../../components/form/field-rules';
import { useAuthSettings } from '../../auth/use-auth-settings';
import { useSetPaymentPassword } from '../api/set-payment-password';
import { readFieldErrors } from '../field-errors';

type PinValues = { oldPaymentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string };

/** The server's fallback when the operator has no paymentPassword rule: six digits. */
const SIX_DIGITS: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 };

/** Set the payment password, or change it with the current one (`isChange`). */
export function PaymentPasswordForm({ isChange, onDone }: { isChange: boolean; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const { register: settings } = useAuthSettings();
  const rule = settings?.validate.paymentPassword ?? SIX_DIGITS;
  const isNumeric = rule.patternId === 6;
  const mutation = useSetPaymentPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<PinValues>({ mode: 'onTouched', defaultValues: { oldPaymentPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' } });
  const labels = { oldPaymentPassword: t('paymentPassword.old'), newPaymentPassword: t('paymentPassword.new'), confirmPaymentPassword: t('paymentPassword.confirm') };
  const pinProps = { inputMode: isNumeric ? ('numeric' as const) : undefined, maxLength: rule.maxLength || 128 };

  function onError(error: unknown) {
    const fields = readFieldErrors(ta, error, labels);
    const first = Object.entries(fields)[0];
    if (first) {
      setError(first[0] as keyof PinValues, { message: first[1] });
    } else if (isApiError(error, 'PAYMENT_PASSWORD_INVALID')) {
      const count = (error.value as { attemptsLeft?: number } | undefined)?.attemptsLeft;
      setError('oldPaymentPassword', { message: count === undefined ? translateError(error) : t('paymentPassword.attemptsLeft', { count }) });
    } else if (isApiError(error, 'PAYMENT_PASSWORD_LOCKED')) {
      const seconds = (error.value as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 0;
      const message = t('paymentPassword.lockedFor', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
      if (isChange) setError('oldPaymentPassword', { message });
      else setFormError(message);
    } else if (isApiError(error, 'PASSWORD_TOO_WEAK')) {
      setError('newPaymentPassword', { message: translateError(error) });
    } else if (isApiError(error, 'PASSWORD_MISMATCH')) {
      setError('confirmPaymentPassword', { message: translateError(error) });
    } else {
      setFormError(translateError(error));
    }
  }

  function onSubmit(values: PinValues) {
    setFormError(null);
    mutation.mutate(
      {
        ...(isChange ? { oldPaymentPassword: values.oldPaymentPassword } : {}),
        newPaymentPassword: values.newPaymentPassword,
        confirmPaymentPassword: values.confirmPaymentPassword,
      },
      {
        onSuccess: () => {
          toast.success(isChange ? t('paymentPassword.successChange') : t('paymentPassword.successSet'));
          onDone();
        },
        onError,
      },
    );
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {isChange ? (
        <PasswordField
          label={labels.oldPaymentPassword}
          requiredMark
          autoComplete="off"
          {...pinProps}
          error={errors.oldPaymentPassword?.message}
          {...register('oldPaymentPassword', { validate: createRequiredValidator(ta, labels.oldPaymentPassword) })}
        />
      ) : null}
      <PasswordField
        label={labels.newPaymentPassword}
        requiredMark
        autoComplete="new-password"
        {...pinProps}
        error={errors.newPaymentPassword?.message}
        {...register('newPaymentPassword', {
          validate: createFieldValidator(ta, labels.newPaymentPassword, rule, true, { isSecret: true }),
          onChange: () => {
            if (getValues('confirmPaymentPassword')) void trigger('confirmPaymentPassword');
          },
        })}
      />
      <PasswordField
        label={labels.confirmPaymentPassword}
        requiredMark
        autoComplete="new-password"
        {...pinProps}
        error={errors.confirmPaymentPassword?.message}
        {...register('confirmPaymentPassword', {
          validate: createConfirmValidator(ta, labels.confirmPaymentPassword, () => getValues('newPaymentPassword')),
        })}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {isChange ? t('paymentPassword.submitChange') : t('paymentPassword.submitSet')}
      </Button>
    </form>
  );
}
