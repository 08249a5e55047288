import { useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country, RegisterField, RegisterSettings } from '@wps/shared/schemas/system';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCaptcha } from '../api/captcha';
import { useRegisterByUsername } from '../api/register';
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
import { SmsCodeField } from '../../../components/form/sms-code-field';

export type RegisterFormVariant = 'page' | 'modal';

type TextFieldName = Exclude<RegisterField, 'captcha' | 'verificationCode'> | 'confirmPassword';

type RegisterValues = Record<TextFieldName | 'captcha' | 'verificationCode', string> & { agree: boolean };

type OptionalFieldSpec = {
  name: Exclude<RegisterField, 'username' | 'password' | 'mobileNum' | 'captcha' | 'verificationCode' | 'affiliateCode'>;
  isShown: (settings: RegisterSettings) => boolean;
  isSecret?: boolean;
  input?: InputHTMLAttributes<HTMLInputElement>;
};

/*
 * The optional fields in the spec's order (§3), each behind its server flag. recommenderId has
 * no show flag of its own: it shows when the operator lists it in `required` (true or false).
 */
const FIELDS_BEFORE_MOBILE: OptionalFieldSpec[] = [
  { name: 'payeeName', isShown: (s) => s.showPayeeName, input: { autoComplete: 'name' } },
  { name: 'email', isShown: (s) => s.showEmail, input: { type: 'email', autoComplete: 'email', inputMode: 'email' } },
  { name: 'qqNum', isShown: (s) => s.showQQ, input: { inputMode: 'numeric' } },
];
const FIELDS_AFTER_MOBILE: OptionalFieldSpec[] = [
  {
    name: 'recommenderId',
    isShown: (s) => s.required.recommenderId !== undefined,
  },
  { name: 'paymentPassword', isShown: (s) => s.showpaymentPassword, isSecret: true },
  { name: 'line', isShown: (s) => s.showline },
  { name: 'whatsapp', isShown: (s) => s.showwhatsapp, input: { inputMode: 'tel' } },
  { name: 'zalo', isShown: (s) => s.showZaloapp },
  { name: 'facebook', isShown: (s) => s.showfacebook },
  { name: 'wechat', isShown: (s) => s.showwechat },
  { name: 'idNumber', isShown: (s) => s.showidNumber },
];

const EMPTY_VALUES: RegisterValues = {
  username: '',
  password: '',
  confirmPassword: '',
  payeeName: '',
  email: '',
  qqNum: '',
  mobileNum: '',
  verificationCode: '',
  recommenderId: '',
  paymentPassword: '',
  line: '',
  whatsapp: '',
  zalo: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  affiliateCode: '',
  captcha: '',
  // Spec §5: agree-to-terms defaults to true.
  agree: true,
};

/** Username registration: every server-driven field and flag of spec §2/§5. */
export function RegisterForm({ variant }: { variant: RegisterFormVariant }) {
  const { register: settings } = useAuthSettings();
  if (!settings) return null;
  return <RegisterFormFields variant={variant} settings={settings} />;
}

function RegisterFormFields({ variant, settings }: { variant: RegisterFormVariant; settings: RegisterSettings }) {
  const { t } = useTranslation('auth');
  const { switches } = useAuthSettings();
  const codes = useCheckedReferralCodes();
  const { countries, defaultCountry } = useDialingCountries();
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const [formError, setFormError] = useState<string | null>(null);
  const captcha = useCaptcha(settings.showCaptcha);
  const registerUser = useRegisterByUsername();
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
  } = useForm<RegisterValues>({ mode: 'onTouched', defaultValues: EMPTY_VALUES });

  const label = (name: string) => t(`fields.${name}`);
  const isRequired = (name: RegisterField) => settings.required[name] === true;
  const ruleOf = (name: RegisterField) => settings.validate[name];
  const isMobileShown = settings.showMobile;
  const isCodeShown = isMobileShown && switches.isMobileVerified;
  const isAffiliateShown = settings.hasAffiliate && !codes.hasCode;
  const optionalBefore = FIELDS_BEFORE_MOBILE.filter((f) => f.isShown(settings));
  const optionalAfter = FIELDS_AFTER_MOBILE.filter((f) => f.isShown(settings));
  const shownFields = [
    'username',
    'password',
    'confirmPassword',
    ...optionalBefore.map((f) => f.name),
    ...(isMobileShown ? ['mobileNum'] : []),
    ...(isCodeShown ? ['verificationCode'] : []),
    ...optionalAfter.map((f) => f.name),
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

  function onSubmit(values: RegisterValues) {
    setFormError(null);
    const pick = (name: TextFieldName | 'verificationCode') => (shownFields.includes(name) ? optionalValue(values[name]) : undefined);
    registerUser.mutate(
      {
        ...getRegisterContext(),
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        payeeName: pick('payeeName'),
        email: pick('email'),
        qqNum: pick('qqNum'),
        mobileNum: pick('mobileNum'),
        countryDialingCode: isMobileShown && country ? country.countryDialingCode : undefined,
        verificationCode: pick('verificationCode'),
        recommenderId: pick('recommenderId'),
        paymentPassword: shownFields.includes('paymentPassword') && values.paymentPassword ? values.paymentPassword : undefined,
        line: pick('line'),
        whatsapp: pick('whatsapp'),
        zalo: pick('zalo'),
        facebook: pick('facebook'),
        wechat: pick('wechat'),
        idNumber: pick('idNumber'),
        affiliateCode: isAffiliateShown ? pick('affiliateCode') : optionalValue(codes.affiliateCode),
        referralCode: optionalValue(codes.referralCode),
        captcha: settings.showCaptcha ? values.captcha.trim() : undefined,
        captchaKey: settings.showCaptcha ? captcha.captchaKey : undefined,
        agree: values.agree,
      },
      {
        onSuccess: (result) => {
          completeLogin(result, 'register');
          openRegisterSuccess();
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
              setFieldError: (field, message) => setError(field as keyof RegisterValues, { message }, { shouldFocus: true }),
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

  const renderOptional = (spec: OptionalFieldSpec) => {
    const { name } = spec;
    const props = {
      label: label(name),
      requiredMark: isRequired(name),
      error: errors[name]?.message,
      ...spec.input,
      ...register(name, {
        validate: createFieldValidator(t, label(name), ruleOf(name), isRequired(name), { isSecret: spec.isSecret }),
      }),
    };
    return spec.isSecret ? <PasswordField key={name} {...props} autoComplete="off" /> : <TextField key={name} {...props} />;
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={label('username')}
        requiredMark
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username', { validate: createFieldValidator(t, label('username'), ruleOf('username'), true) })}
      />
      <PasswordField
        label={label('password')}
        requiredMark
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', {
          validate: createFieldValidator(t, label('password'), ruleOf('password'), true, { isSecret: true }),
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
      {optionalBefore.map(renderOptional)}
      {isMobileShown ? (
        <MobileField
          label={label('mobileNum')}
          requiredMark={isRequired('mobileNum') || isCodeShown}
          countries={countries}
          country={country}
          onCountryChange={setChosenCountry}
          isPickerShown={settings.showRegisterCountryCode}
          error={errors.mobileNum?.message}
          {...register('mobileNum', {
            validate: createMobileValidator(t, label('mobileNum'), ruleOf('mobileNum'), isRequired('mobileNum') || isCodeShown, () => country),
          })}
        />
      ) : null}
      {isCodeShown ? (
        <SmsCodeField
          label={label('verificationCode')}
          requiredMark
          onSend={sendCode}
          isSending={sendSms.isPending}
          error={errors.verificationCode?.message}
          {...register('verificationCode', {
            validate: createFieldValidator(t, label('verificationCode'), ruleOf('verificationCode'), true),
          })}
        />
      ) : null}
      {optionalAfter.map(renderOptional)}
      {isAffiliateShown ? (
        <TextField
          label={label('affiliateCode')}
          requiredMark={isRequired('affiliateCode')}
          autoCapitalize="off"
          error={errors.affiliateCode?.message}
          {...register('affiliateCode', {
            validate: createFieldValidator(t, label('affiliateCode'), ruleOf('affiliateCode'), isRequired('affiliateCode')),
          })}
        />
      ) : null}
      {settings.showCaptcha ? (
        <CaptchaField
          label={label('captcha')}
          requiredMark
          captcha={captcha}
          error={errors.captcha?.message}
          {...register('captcha', { validate: createFieldValidator(t, label('captcha'), ruleOf('captcha'), true) })}
        />
      ) : null}
      <AgreeField minimumAge={settings.minimumAge} error={errors.agree?.message} registration={register('agree', { validate: (v) => v === true || t('validation.agree') })} />
      <FormError message={formError} />
      <div className="auth-actions">
        {variant === 'page' ? (
          <Button type="button" variant="secondary" size="lg" onClick={resetForm}>
            {t('actions.reset')}
          </Button>
        ) : null}
        <Button type="submit" block size="lg" loading={registerUser.isPending}>
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
