import type { FieldValues, Path } from 'react-hook-form';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { FormError } from '@wps/ui/form-error';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { ResponsibleGamingNotice } from '../../../components/ui/responsible-gaming-notice';
import { openAuthModal } from '../auth-modal-store';
import type { RegisterBaseValues, RegisterFormVariant, useRegisterForm } from '../use-register-form';
import { AgreeField } from './agree-field';
import { CaptchaField } from './captcha-field';

type RegisterFormTailProps<Values extends RegisterBaseValues & FieldValues> = {
  registration: ReturnType<typeof useRegisterForm<Values>>;
  settings: RegisterSettings;
  variant: RegisterFormVariant;
  isSubmitting: boolean;
};

/**
 * The end both registration forms share: affiliate code, captcha, agreement, the form error,
 * reset and submit, and on the modal the way back to login.
 */
export function RegisterFormTail<Values extends RegisterBaseValues & FieldValues>({
  registration,
  settings,
  variant,
  isSubmitting,
}: RegisterFormTailProps<Values>) {
  const { t, form, label, captcha, isAffiliateShown, formError, resetForm } = registration;
  const { errors } = form.formState;
  const field = (name: keyof RegisterBaseValues) => name as Path<Values>;
  const errorOf = (name: keyof RegisterBaseValues) => errors[name]?.message as string | undefined;
  return (
    <>
      {isAffiliateShown ? (
        <TextField
          label={label('affiliateCode')}
          requiredMark={settings.required.affiliateCode === true}
          autoCapitalize="off"
          error={errorOf('affiliateCode')}
          {...form.register(field('affiliateCode'))}
        />
      ) : null}
      {settings.showCaptcha ? (
        <CaptchaField
          label={label('captcha')}
          requiredMark
          captcha={captcha}
          error={errorOf('captcha')}
          {...form.register(field('captcha'))}
        />
      ) : null}
      <AgreeField
        minimumAge={settings.minimumAge}
        error={errorOf('agree')}
        registration={form.register(field('agree'))}
      />
      <ResponsibleGamingNotice />
      <FormError message={formError} />
      <div className="auth-actions">
        {variant === 'page' ? (
          <Button type="button" variant="secondary" size="lg" onClick={resetForm}>
            {t('actions.reset')}
          </Button>
        ) : null}
        <Button type="submit" block size="lg" loading={isSubmitting}>
          {t('actions.register')}
        </Button>
      </div>
      {variant === 'modal' ? (
        <p className="auth-switch">
          {t('register.haveAccount')}{' '}
          <button type="button" className="auth-link" onClick={() => openAuthModal('login')}>
            {t('actions.loginNow')}
          </button>
        </p>
      ) : null}
    </>
  );
}
