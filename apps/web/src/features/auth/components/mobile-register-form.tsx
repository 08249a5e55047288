import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country, RegisterSettings } from '@wps/shared/schemas/system';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCaptcha } from '../api/captcha';
import { useRegisterByMobile } from '../api/register-mobile';
import { useSendRegisterSms } from '../api/send-register-sms';
import { openAuthModal, openRegisterSuccess } from '../auth-modal-store';
import { createConfirmValidator, createFieldValidator, createMobileValidator } from '../../../components/form/field-rules';
import { applyRegisterError, getRegisterContext, optionalValue, useCheckedReferralCodes } from '../register-support';
import { useAuthSettings, useDialingCountries } from '../use-auth-settings';
import { useCompleteLogin } from '../use-complete-login';
import { AgreeField } from './agree-field';
import { CaptchaField } from './captcha-field';
import { FormError } from '../../../components/form/form-error';
import { MobileField } from '../../../components/form/mobile-field';
import { PasswordField } from '../../../components/form/password-field';
import type { RegisterFormVariant } from './register-form';
import { SmsCodeField } from '../../../components/form/sms-code-field';

type MobileValues = {
  mobileNum: string;
  verificationCode: string;
  password: string;
  confirmPassword: string;
  affiliateCode: string;
  captcha: string;
  agree: boolean;
};

const EMPTY_VALUES: MobileValues = {
  mobileNum: '',
  verificationCode: '',
  password: '',
  confirmPassword: '',
  affiliateCode: '',
  captcha: '',
  agree: true,
};

/**
 * Mobile registration (MOBILENUMREG3): mobile number and SMS code, plus a password pair when the
 * mobile-password flag is set. The server generates the account name and returns it.
 */
export function MobileRegisterForm({ variant }: { variant: RegisterFormVariant }) {
  const { register: settings } = useAuthSettings();
  if (!settings) return null;
  return <MobileRegisterFields variant={variant} settings={settings} />;
}

function MobileRegisterFields({ variant, settings }: { variant: RegisterFormVariant; settings: RegisterSettings }) {
  const { t } = useTranslation('auth');
  const { switches } = useAuthSettings();
  const codes = useCheckedReferralCodes();
  const { countries, defaultCountry } = useDialingCountries();
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const [formError, setFormError] = useState<string | null>(null);
  const captcha = useCaptcha(settings.showCaptcha);
  const registerMobile = useRegisterByMobile();
  const sendSms = useSendRegisterSms();
  const completeLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    getValues,
    reset,
    formState: { errors },
  } = useForm<MobileValues>({ mode: 'onTouched', defaultValues: EMPTY_VALUES });

  const label = (name: string) => t(`fields.${name}`);
  const isCodeShown = switches.isMobileVerified;
  const isPasswordShown = switches.hasMobilePassword;
  const isAffiliateShown = settings.hasAffiliate && !codes.hasCode;
  const isAffiliateRequired = settings.required.affiliateCode === true;
  const shownFields = [
    'mobileNum',
    ...(isCodeShown ? ['verificationCode'] : []),
    ...(isPasswordShown ? ['password', 'confirmPassword'] : []),
    ...(isAffiliateShown ? ['affiliateCode'] : []),
    ...(settings.showCaptcha ? ['captcha'] : []),
    'agree',
  ];

  async function sendCode() {
    if (!(await trigger('mobileNum')) || !country) {
      // Mark it touched so the error clears as the number is typed, not on the blur of the next
      // click (which would move the button away from under the pointer).
      setValue('mobileNum', getValues('mobileNum'), { shouldTouch: true });
      return null;
    }
    return sendSms.mutateAsync({ countryDialingCode: country.countryDialingCode, mobileNo: getValues('mobileNum').trim() });
  }

  function onSubmit(values: MobileValues) {
    if (!country) return;
    setFormError(null);
    registerMobile.mutate(
      {
        ...getRegisterContext(),
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: country.countryDialingCode,
        verificationCode: isCodeShown ? values.verificationCode.trim() : undefined,
        password: isPasswordShown ? values.password : undefined,
        confirmPassword: isPasswordShown ? values.confirmPassword : undefined,
        affiliateCode: isAffiliateShown ? optionalValue(values.affiliateCode) : optionalValue(codes.affiliateCode),
        referralCode: optionalValue(codes.referralCode),
        captcha: settings.showCaptcha ? values.captcha.trim() : undefined,
        captchaKey: settings.showCaptcha ? captcha.captchaKey : undefined,
        agree: values.agree,
      },
      {
        onSuccess: (result) => {
          completeLogin(result, 'register');
          // Spec §4: first the generated account, then the success dialog.
          openRegisterSuccess(result.account ?? result.userInfo.userName);
        },
        onError: (error) => {
          if (settings.showCaptcha) {
            captcha.renew();
            setValue('captcha', '');
          }
          setFormError(
            applyRegisterError(t, error, {
              fields: shownFields,
              labelOf: label,
              setFieldError: (field, message) => setError(field as keyof MobileValues, { message }, { shouldFocus: true }),
            }),
          );
        },
      },
    );
  }

  function resetForm() {
    reset(EMPTY_VALUES);
    setChosenCountry(undefined);
    setFormError(null);
    if (settings.showCaptcha) captcha.renew();
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <MobileField
        label={label('mobileNum')}
        requiredMark
        countries={countries}
        country={country}
        onCountryChange={setChosenCountry}
        error={errors.mobileNum?.message}
        {...register('mobileNum', {
          validate: createMobileValidator(t, label('mobileNum'), settings.validate.mobileNum, true, () => country),
        })}
      />
      {isCodeShown ? (
        <SmsCodeField
          label={label('verificationCode')}
          requiredMark
          onSend={sendCode}
          isSending={sendSms.isPending}
          error={errors.verificationCode?.message}
          {...register('verificationCode', {
            validate: createFieldValidator(t, label('verificationCode'), settings.validate.verificationCode, true),
          })}
        />
      ) : null}
      {isPasswordShown ? (
        <>
          <PasswordField
            label={label('password')}
            requiredMark
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password', {
              validate: createFieldValidator(t, label('password'), settings.validate.password, true, { isSecret: true }),
              onChange: () => {
                if (getValues('confirmPassword')) void trigger('confirmPassword');
              },
            })}
          />
          <PasswordField
            label={label('confirmPassword')}
            requiredMark
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword', {
              validate: createConfirmValidator(t, label('confirmPassword'), () => getValues('password')),
            })}
          />
        </>
      ) : null}
      {isAffiliateShown ? (
        <TextField
          label={label('affiliateCode')}
          requiredMark={isAffiliateRequired}
          autoCapitalize="off"
          error={errors.affiliateCode?.message}
          {...register('affiliateCode', {
            validate: createFieldValidator(t, label('affiliateCode'), settings.validate.affiliateCode, isAffiliateRequired),
          })}
        />
      ) : null}
      {settings.showCaptcha ? (
        <CaptchaField
          label={label('captcha')}
          requiredMark
          captcha={captcha}
          error={errors.captcha?.message}
          {...register('captcha', { validate: createFieldValidator(t, label('captcha'), settings.validate.captcha, true) })}
        />
      ) : null}
      <AgreeField
        minimumAge={settings.minimumAge}
        error={errors.agree?.message}
        registration={register('agree', { validate: (v) => v === true || t('validation.agree') })}
      />
      <FormError message={formError} />
      <div className="auth-actions">
        {variant === 'page' ? (
          <Button type="button" variant="secondary" size="lg" onClick={resetForm}>
            {t('actions.reset')}
          </Button>
        ) : null}
        <Button type="submit" block size="lg" loading={registerMobile.isPending}>
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
    </form>
  );
}
