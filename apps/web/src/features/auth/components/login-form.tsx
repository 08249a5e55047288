import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { Country } from '@wps/shared/schemas/system';
import { Button } from '@wps/ui/button';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { TextField } from '@wps/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useCaptcha } from '../api/captcha';
import { useLogin } from '../api/login';
import { useSendLoginSms } from '../api/send-login-sms';
import { openAuthModal, openForgotPassword } from '../auth-modal-store';
import { createIssueDescriber, mobileText, requiredText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { forgetRememberedLogin, readRememberedLogin, rememberSmsLogin, rememberUsernameLogin } from '../remember-me';
import { useDialingCountries } from '../../../components/form/use-field-rules';
import { useAuthSettings } from '../use-auth-settings';
import { useCompleteLogin } from '../use-complete-login';
import { CaptchaField } from './captcha-field';
import { FormError } from '@wps/ui/form-error';
import { ReopenSelfExclusion, reopenTokenOf } from './reopen-self-exclusion';
import { MobileField } from '../../../components/form/mobile-field';
import { PasswordField } from '../../../components/form/password-field';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import type { LoginVerificationRequired } from '@wps/shared/schemas/login-verification';
import { readDeviceToken, storeDeviceToken } from '../trusted-device';
import { DeviceCodeStep } from './device-code-step';
import { OidcButtons } from './oidc-buttons';

type LoginMethod = 'username' | 'sms';

/** Whether a failed login's error tells the client a captcha is now required. */
function isCaptchaFlagged(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.errorCode === 'CAPTCHA_REQUIRED' || error.errorCode === 'CAPTCHA_INVALID') return true;
  const value = error.value as { captcha?: unknown } | null | undefined;
  return value?.captcha === true;
}

/** The Login tab: by username and password, or by SMS code when MOBILEVERCODELOGIN3 is on. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const { switches } = useAuthSettings();
  const [method, setMethod] = useState<LoginMethod>('username');
  const activeMethod = switches.canLoginBySms ? method : 'username';
  const form = activeMethod === 'sms' ? <SmsLoginForm /> : <UsernameLoginForm />;
  return (
    <div className="auth-stack">
      {switches.canLoginBySms ? (
        <Tabs
          idBase={idBase}
          ariaLabel={t('login.methodLabel')}
          className="auth-subtabs"
          value={activeMethod}
          onChange={setMethod}
          items={[
            { id: 'username', label: t('login.byUsername') },
            { id: 'sms', label: t('login.bySms') },
          ]}
        />
      ) : null}
      {switches.canLoginBySms ? (
        <TabPanel idBase={idBase} value={activeMethod}>
          {form}
        </TabPanel>
      ) : (
        form
      )}
      <OidcButtons />
      {switches.canRegister ? (
        <p className="auth-switch">
          {t('login.noAccount')}{' '}
          <button type="button" className="auth-link" onClick={() => openAuthModal('register')}>
            {t('actions.registerNow')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

type UsernameValues = { username: string; password: string; captcha: string; remember: boolean };

function UsernameLoginForm() {
  const { t } = useTranslation('auth');
  const [remembered] = useState(readRememberedLogin);
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // An expired self-exclusion's refusal carries the proof for the request to come back.
  const [reopenToken, setReopenToken] = useState<string | null>(null);
  // A login from a device the account has not remembered waits for its code here.
  const [challenge, setChallenge] = useState<{
    step: LoginVerificationRequired;
    remember: boolean;
    username: string;
  } | null>(null);
  const captcha = useCaptcha(isCaptchaShown);
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<UsernameValues>({
    mode: 'onTouched',
    defaultValues: { username: remembered.username, password: '', captcha: '', remember: remembered.isRemembered },
    resolver: createFormResolver(
      z.object({
        username: requiredText(),
        password: requiredText(),
        captcha: isCaptchaShown ? requiredText() : z.string(),
        remember: z.boolean(),
      }),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });

  function onSubmit(values: UsernameValues) {
    setFormError(null);
    setReopenToken(null);
    const username = values.username.trim();
    login.mutate(
      {
        type: 'username',
        username,
        password: values.password.trim(),
        captcha: isCaptchaShown ? values.captcha.trim() : undefined,
        captchaKey: isCaptchaShown ? captcha.captchaKey : undefined,
        deviceToken: readDeviceToken(),
        // Remember-me also keeps the player signed in on this browser for 30 days (a persistent
        // refresh cookie); without it the sign-in ends when the browser closes.
        rememberMe: values.remember,
      },
      {
        onSuccess: (result) => {
          if ('verificationRequired' in result) {
            setChallenge({ step: result, remember: values.remember, username });
            return;
          }
          if (values.remember) rememberUsernameLogin(username);
          else forgetRememberedLogin();
          // A login let through by the agent's pass remembers this device (docs/decisions.md).
          if ('deviceToken' in result && result.deviceToken) storeDeviceToken(result.deviceToken);
          completeLogin(result, 'username');
        },
        onError: (error) => handleLoginError(error),
      },
    );
  }

  function handleLoginError(error: unknown) {
    setReopenToken(reopenTokenOf(error));
    if (isCaptchaFlagged(error)) {
      // A captcha answer is single-use: every failed try needs a fresh image.
      if (isCaptchaShown) captcha.renew();
      setIsCaptchaShown(true);
      setValue('captcha', '');
    }
    if (isApiError(error, 'CAPTCHA_INVALID') || isApiError(error, 'CAPTCHA_REQUIRED')) {
      setError('captcha', { message: translateError(error) });
    } else {
      setFormError(translateError(error));
    }
  }

  if (challenge) {
    return (
      <DeviceCodeStep
        challenge={challenge.step}
        rememberMe={challenge.remember}
        onBack={() => setChallenge(null)}
        onVerified={(result) => {
          if (challenge.remember) rememberUsernameLogin(challenge.username);
          else forgetRememberedLogin();
          completeLogin(result, 'username');
        }}
      />
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('fields.username')}
        requiredMark
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label={t('fields.password')}
        requiredMark
        maxLength={128}
        error={errors.password?.message}
        {...register('password')}
      />
      {isCaptchaShown ? (
        <CaptchaField
          label={t('fields.captcha')}
          requiredMark
          captcha={captcha}
          error={errors.captcha?.message}
          {...register('captcha')}
        />
      ) : null}
      <RememberRow registration={register('remember')} />
      <FormError message={formError} />
      {reopenToken ? <ReopenSelfExclusion token={reopenToken} /> : null}
      <Button type="submit" block size="lg" loading={login.isPending}>
        {t('actions.login')}
      </Button>
    </form>
  );
}

type SmsValues = { mobileNum: string; code: string; remember: boolean };

function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const [remembered] = useState(readRememberedLogin);
  const { register: registerSettings } = useAuthSettings();
  const { countries, defaultCountry } = useDialingCountries(remembered.countryDialingCode || undefined);
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLogin();
  const sendSms = useSendLoginSms();
  const completeLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<SmsValues>({
    mode: 'onTouched',
    defaultValues: { mobileNum: remembered.mobileNum, code: '', remember: remembered.isRemembered },
    resolver: createFormResolver(
      z.object({
        mobileNum: mobileText(registerSettings?.validate.mobileNum, true, country?.mobileLengths),
        code: requiredText(),
        remember: z.boolean(),
      }),
      createIssueDescriber(t, (field) => t(field === 'code' ? 'fields.smsCode' : `fields.${field}`)),
    ),
  });
  const mobileLabel = t('fields.mobileNum');

  async function sendCode() {
    // The number must validate before a code is sent.
    if (!(await trigger('mobileNum')) || !country) {
      // Mark it touched so the error clears as the number is typed, not on the blur of the next
      // click (which would move the button away from under the pointer).
      setValue('mobileNum', getValues('mobileNum'), { shouldTouch: true });
      return null;
    }
    return sendSms.mutateAsync({
      countryDialingCode: country.countryDialingCode,
      mobileNum: getValues('mobileNum').trim(),
    });
  }

  function onSubmit(values: SmsValues) {
    if (!country) return;
    setFormError(null);
    const mobileNum = values.mobileNum.trim();
    login.mutate(
      {
        type: 'sms',
        username: mobileNum,
        password: values.code.trim(),
        countryDialingCode: country.countryDialingCode,
        rememberMe: values.remember,
      },
      {
        onSuccess: (result) => {
          // An SMS code is itself proof of the phone: this login never asks for another.
          if ('verificationRequired' in result) return;
          if (values.remember) rememberSmsLogin(country.countryDialingCode, mobileNum);
          else forgetRememberedLogin();
          completeLogin(result, 'sms');
        },
        onError: (error) => setFormError(translateError(error)),
      },
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <MobileField
        label={mobileLabel}
        requiredMark
        countries={countries}
        country={country}
        onCountryChange={setChosenCountry}
        error={errors.mobileNum?.message}
        {...register('mobileNum')}
      />
      <SmsCodeField
        label={t('fields.smsCode')}
        requiredMark
        onSend={sendCode}
        isSending={sendSms.isPending}
        error={errors.code?.message}
        {...register('code')}
      />
      <RememberRow registration={register('remember')} />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={login.isPending}>
        {t('actions.login')}
      </Button>
    </form>
  );
}

/** Remember-me checkbox and the forgot-password link. */
function RememberRow({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-row">
      <label className="auth-check">
        <input type="checkbox" {...registration} />
        <span>{t('login.rememberMe')}</span>
      </label>
      <button type="button" className="auth-link" onClick={openForgotPassword}>
        {t('login.forgotPassword')}
      </button>
    </div>
  );
}
