import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  REMEMBER_DEVICE_DAYS,
  loginVerifyBodySchema,
  type LoginVerificationRequired,
  type LoginVerifiedResult,
} from '@wps/shared/schemas/login-verification';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { createIssueDescriber } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { translateError } from '../../../lib/i18n';
import { useVerifyLogin } from '../api/verify-login';
import { storeDeviceToken } from '../trusted-device';

type Values = { code: string; rememberDays: string };

const schema = z.object({
  code: loginVerifyBodySchema.shape.code,
  rememberDays: z.enum(REMEMBER_DEVICE_DAYS.map(String) as [string, ...string[]]),
});

/**
 * The code step of a password login from a device the account has not remembered: the code the
 * server sent (when the password was right) and how long to remember this device.
 */
export function DeviceCodeStep({
  challenge,
  rememberMe,
  onVerified,
  onBack,
}: {
  challenge: LoginVerificationRequired;
  /** The login form's remember-me: how long the session's refresh cookie lasts. */
  rememberMe: boolean;
  onVerified: (result: LoginVerifiedResult) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const verify = useVerifyLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { code: '', rememberDays: '30' },
    resolver: createFormResolver(
      schema,
      createIssueDescriber(t, () => t('deviceCode.code')),
    ),
  });

  function onSubmit(values: Values) {
    setFormError(null);
    verify.mutate(
      {
        challengeId: challenge.challengeId,
        code: values.code.trim(),
        rememberDays: Number(values.rememberDays) as 0 | 7 | 30 | 90,
        rememberMe,
      },
      {
        onSuccess: (result) => {
          if (result.deviceToken) storeDeviceToken(result.deviceToken);
          onVerified(result);
        },
        onError: (error) => setFormError(translateError(error)),
      },
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="device-code-step">
      <h3 className="auth-step-title">{t('deviceCode.title')}</h3>
      <p className="auth-step-text">{t('deviceCode.text', { minutes: challenge.expiredMinutes })}</p>
      <TextField
        label={t('deviceCode.code')}
        requiredMark
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      <fieldset className="auth-remember-device">
        <legend>{t('deviceCode.rememberFor')}</legend>
        {REMEMBER_DEVICE_DAYS.map((days) => (
          <label key={days} className="auth-check">
            <input type="radio" value={String(days)} {...register('rememberDays')} />
            <span>{days === 0 ? t('deviceCode.dontRemember') : t('deviceCode.days', { count: days })}</span>
          </label>
        ))}
      </fieldset>
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={verify.isPending}>
        {t('deviceCode.submit')}
      </Button>
      <button type="button" className="auth-link" onClick={onBack}>
        {t('deviceCode.back')}
      </button>
    </form>
  );
}
