import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { forgotPasswordEmailBodySchema } from '@wps/shared/schemas/member';
import type { Country } from '@wps/shared/schemas/system';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { TextField } from '@wps/ui/text-field';
import { translateError } from '../../../lib/i18n';
import { useForgotPasswordEmail } from '../api/forgot-password-email';
import { useResetPasswordByPhone } from '../api/reset-password-phone';
import { useSendResetSms } from '../api/send-reset-sms';
import { closeForgotPassword, openAuthModal, useAuthModal } from '../auth-modal-store';
import {
  checkConfirmation,
  createIssueDescriber,
  mobileText,
  passwordText,
  requiredText,
  ruleText,
} from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useDialingCountries } from '../../../components/form/use-field-rules';
import { useAuthSettings } from '../use-auth-settings';
import { useCompleteLogin } from '../use-complete-login';
import { FormError } from '@wps/ui/form-error';
import { MobileField } from '../../../components/form/mobile-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { SmsCodeField } from '../../../components/form/sms-code-field';

type ForgotMethod = 'email' | 'mobile';

/** Forgot password: an email tab, and a mobile tab when CHNGPASSVERIF3 is on. */
export function ForgotPasswordModal() {
  const { t } = useTranslation('auth');
  const { isForgotPasswordOpen } = useAuthModal();
  const idBase = useId();
  const { switches } = useAuthSettings();
  const [method, setMethod] = useState<ForgotMethod>('email');
  const active = switches.canResetByPhone ? method : 'email';
  const form = active === 'mobile' ? <PhoneResetForm /> : <EmailResetForm />;
  return (
    <Modal open={isForgotPasswordOpen} onClose={closeForgotPassword} title={t('forgot.title')}>
      <div className="auth-stack">
        {switches.canResetByPhone ? (
          <>
            <Tabs
              idBase={idBase}
              ariaLabel={t('forgot.methodLabel')}
              value={active}
              onChange={setMethod}
              items={[
                { id: 'email', label: t('forgot.byEmail') },
                { id: 'mobile', label: t('forgot.byMobile') },
              ]}
            />
            <TabPanel idBase={idBase} value={active}>
              {form}
            </TabPanel>
          </>
        ) : (
          form
        )}
        <p className="auth-switch">
          <button type="button" className="auth-link" onClick={() => openAuthModal('login')}>
            {t('forgot.backToLogin')}
          </button>
        </p>
      </div>
    </Modal>
  );
}

type EmailValues = { username: string; email: string };

function EmailResetForm() {
  const { t } = useTranslation('auth');
  const { register: settings } = useAuthSettings();
  const sendEmail = useForgotPasswordEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailValues>({
    mode: 'onTouched',
    defaultValues: { username: '', email: '' },
    resolver: createFormResolver(
      z.object({
        username: ruleText(settings?.validate.username, { isRequired: true }),
        // The address rule is the server's own (the request body schema).
        email: requiredText().pipe(forgotPasswordEmailBodySchema.shape.email),
      }),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });

  if (sendEmail.isSuccess) {
    return (
      <div className="auth-confirmation" role="status">
        <p>{t('forgot.emailSent')}</p>
        <Button block onClick={closeForgotPassword} data-autofocus>
          {t('actions.close')}
        </Button>
      </div>
    );
  }

  function onSubmit(values: EmailValues) {
    setFormError(null);
    sendEmail.mutate(
      { username: values.username.trim(), email: values.email.trim() },
      { onError: (error) => setFormError(translateError(error)) },
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p className="auth-hint">{t('forgot.emailHint')}</p>
      <TextField
        label={t('fields.username')}
        requiredMark
        autoComplete="username"
        autoCapitalize="off"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('fields.email')}
        requiredMark
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={sendEmail.isPending}>
        {t('actions.submit')}
      </Button>
    </form>
  );
}

type PhoneValues = { mobileNum: string; verificationCode: string; newPassword: string; confirmNewPassword: string };

function PhoneResetForm() {
  const { t } = useTranslation('auth');
  const { register: settings } = useAuthSettings();
  const { countries, defaultCountry } = useDialingCountries();
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const [formError, setFormError] = useState<string | null>(null);
  const sendSms = useSendResetSms();
  const resetPassword = useResetPasswordByPhone();
  const completeLogin = useCompleteLogin();
  const form = useForm<PhoneValues>({
    mode: 'onTouched',
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
    resolver: createFormResolver(
      z
        .object({
          mobileNum: mobileText(settings?.validate.mobileNum, true, country?.mobileLengths),
          verificationCode: requiredText(),
          newPassword: passwordText(settings?.validate.password),
          confirmNewPassword: z.string(),
        })
        .superRefine((values, ctx) => checkConfirmation(values, 'newPassword', 'confirmNewPassword', ctx)),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const mobileLabel = t('fields.mobileNum');

  async function sendCode() {
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

  function onSubmit(values: PhoneValues) {
    if (!country) return;
    setFormError(null);
    resetPassword.mutate(
      {
        countryDialingCode: country.countryDialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      },
      {
        // Code verified, new password set, logged in automatically, home.
        onSuccess: (result) => completeLogin(result, 'reset'),
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
        label={t('fields.verificationCode')}
        requiredMark
        countdownMode="until"
        onSend={sendCode}
        isSending={sendSms.isPending}
        error={errors.verificationCode?.message}
        {...register('verificationCode')}
      />
      <NewPasswordFields
        form={form}
        names={{ password: 'newPassword', confirm: 'confirmNewPassword' }}
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
        rule={settings?.validate.password}
      />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={resetPassword.isPending}>
        {t('actions.resetPassword')}
      </Button>
    </form>
  );
}
