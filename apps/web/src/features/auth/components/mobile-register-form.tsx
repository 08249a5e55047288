import { z } from 'zod';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { checkConfirmation, mobileText, passwordText, ruleText } from '../../../components/form/field-rules';
import { MobileField } from '../../../components/form/mobile-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { useRegisterByMobile } from '../api/register-mobile';
import { useAuthSettings } from '../use-auth-settings';
import { registerBaseShape, useRegisterForm, type RegisterFormVariant } from '../use-register-form';
import { RegisterFormTail } from './register-form-tail';
import {
  EMPTY_DETAILS,
  EMPTY_IDENTITY,
  asksAddress,
  asksGender,
  asksIdentity,
  detailsBody,
  detailsShape,
  identityBody,
  identityFieldNames,
  identityShape,
  type IdentityValues,
  type RegistrationDetailsValues,
} from '../identity';
import { RegistrationDetailsFields } from './address-fields';
import { IdentityFields } from './identity-fields';

type MobileValues = IdentityValues &
  RegistrationDetailsValues & {
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
  ...EMPTY_IDENTITY,
  ...EMPTY_DETAILS,
  // Unticked unless the operator pre-ticks it (consentPreticked, applied by useRegisterForm).
  agree: false,
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
  const { switches } = useAuthSettings();
  const isCodeShown = switches.isMobileVerified;
  const isPasswordShown = switches.hasMobilePassword;
  const registerMobile = useRegisterByMobile();
  const registration = useRegisterForm<MobileValues>({
    settings,
    emptyValues: EMPTY_VALUES,
    createSchema: (context) =>
      z
        .object({
          ...registerBaseShape(settings, context),
          mobileNum: mobileText(settings.validate.mobileNum, true, context.country?.mobileLengths),
          verificationCode: isCodeShown
            ? ruleText(settings.validate.verificationCode, { isRequired: true })
            : z.string(),
          password: isPasswordShown ? passwordText(settings.validate.password) : z.string(),
          confirmPassword: z.string(),
          ...identityShape(settings),
          ...detailsShape(settings),
        })
        .superRefine((values, ctx) => {
          if (isPasswordShown) checkConfirmation(values, 'password', 'confirmPassword', ctx);
        }),
  });
  const { form, label, country, isAffiliateShown } = registration;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const shownFields = [
    'mobileNum',
    ...(isCodeShown ? ['verificationCode'] : []),
    ...(isPasswordShown ? ['password', 'confirmPassword'] : []),
    ...identityFieldNames(settings),
    ...(isAffiliateShown ? ['affiliateCode'] : []),
    ...(settings.showCaptcha ? ['captcha'] : []),
    'agree',
  ];

  function onSubmit(values: MobileValues) {
    if (!country) return;
    registration.clearFormError();
    registerMobile.mutate(
      {
        ...registration.getCommonBody(values),
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: country.countryDialingCode,
        verificationCode: isCodeShown ? values.verificationCode.trim() : undefined,
        password: isPasswordShown ? values.password : undefined,
        confirmPassword: isPasswordShown ? values.confirmPassword : undefined,
        ...identityBody(settings, values),
        ...detailsBody(settings, values),
      },
      registration.getSubmitCallbacks(shownFields, (result) => result.account ?? result.userInfo.userName),
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <MobileField
        label={label('mobileNum')}
        requiredMark
        countries={registration.countries}
        country={country}
        onCountryChange={registration.setChosenCountry}
        error={errors.mobileNum?.message}
        {...register('mobileNum')}
      />
      {isCodeShown ? (
        <SmsCodeField
          label={label('verificationCode')}
          requiredMark
          onSend={registration.sendCode}
          isSending={registration.isSending}
          error={errors.verificationCode?.message}
          {...register('verificationCode')}
        />
      ) : null}
      {isPasswordShown ? (
        <>
          <NewPasswordFields
            form={form}
            names={{ password: 'password', confirm: 'confirmPassword' }}
            labels={{ password: label('password'), confirm: label('confirmPassword') }}
            rule={settings.validate.password}
          />
        </>
      ) : null}
      {asksIdentity(settings) ? <IdentityFields form={form} label={label} /> : null}
      <RegistrationDetailsFields
        form={form}
        label={label}
        address={asksAddress(settings)}
        gender={asksGender(settings)}
      />
      <RegisterFormTail
        registration={registration}
        settings={settings}
        variant={variant}
        isSubmitting={registerMobile.isPending}
      />
    </form>
  );
}
