import type { InputHTMLAttributes } from 'react';
import { z } from 'zod';
import {
  FIELDS_AFTER_MOBILE as SHARED_AFTER_MOBILE,
  FIELDS_BEFORE_MOBILE as SHARED_BEFORE_MOBILE,
  registerFormFields,
  type OptionalRegisterField,
} from '@wps/shared/register-form-layout';
import type { RegisterField, RegisterSettings } from '@wps/shared/schemas/system';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterBody } from '@wps/shared/schemas/member';
import { checkConfirmation, mobileText, passwordText, ruleText } from '../../../components/form/field-rules';
import { MobileField } from '../../../components/form/mobile-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { PasswordField } from '../../../components/form/password-field';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { TextField } from '@wps/ui/text-field';
import { useRegisterByUsername } from '../api/register';
import { optionalValue } from '../register-support';
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

type TextFieldName = Exclude<RegisterField, 'captcha' | 'verificationCode'> | 'confirmPassword';

type RegisterValues = Record<TextFieldName | 'captcha' | 'verificationCode', string> &
  IdentityValues &
  RegistrationDetailsValues & { agree: boolean };

/** What the player site adds to a shared optional field: how its input behaves. */
type OptionalFieldSpec = {
  name: OptionalRegisterField;
  isShown: (settings: RegisterSettings) => boolean;
  isSecret?: boolean;
  input?: InputHTMLAttributes<HTMLInputElement>;
};

const INPUTS: Partial<Record<OptionalRegisterField, Pick<OptionalFieldSpec, 'isSecret' | 'input'>>> = {
  payeeName: { input: { autoComplete: 'name' } },
  email: { input: { type: 'email', autoComplete: 'email', inputMode: 'email' } },
  qqNum: { input: { inputMode: 'numeric' } },
  paymentPassword: { isSecret: true },
  whatsapp: { input: { inputMode: 'tel' } },
};

// The optional fields, their order and their flags are shared with the back office's preview (register-form-layout.ts).
const withInputs = (list: typeof SHARED_BEFORE_MOBILE): OptionalFieldSpec[] =>
  list.map((f) => ({ ...f, ...INPUTS[f.name] }));
const FIELDS_BEFORE_MOBILE = withInputs(SHARED_BEFORE_MOBILE);
const FIELDS_AFTER_MOBILE = withInputs(SHARED_AFTER_MOBILE);

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
  ...EMPTY_IDENTITY,
  ...EMPTY_DETAILS,
  // Unticked unless the operator pre-ticks it (consentPreticked, applied by useRegisterForm).
  agree: false,
};

/** Username registration: every server-driven field and flag. */
export function RegisterForm({ variant, submit }: { variant: RegisterFormVariant; submit?: RegisterSubmit }) {
  const { register: settings } = useAuthSettings();
  if (!settings) return null;
  return <RegisterFormFields variant={variant} settings={settings} submit={submit} />;
}

/** Where the form's body goes: the registration call, or the one that also links an identity provider's sign-in. */
type RegisterSubmit = (body: RegisterBody) => Promise<LoginResult>;

function RegisterFormFields({
  variant,
  settings,
  submit,
}: {
  variant: RegisterFormVariant;
  settings: RegisterSettings;
  submit?: RegisterSubmit | undefined;
}) {
  const { switches } = useAuthSettings();
  const registerUser = useRegisterByUsername(submit);
  const isRequired = (name: RegisterField) => settings.required[name] === true;
  const ruleOf = (name: RegisterField) => settings.validate[name];
  const isMobileShown = settings.showMobile;
  const isCodeShown = isMobileShown && switches.isMobileVerified;
  const optionalBefore = FIELDS_BEFORE_MOBILE.filter((f) => f.isShown(settings));
  const optionalAfter = FIELDS_AFTER_MOBILE.filter((f) => f.isShown(settings));
  const registration = useRegisterForm<RegisterValues>({
    settings,
    emptyValues: EMPTY_VALUES,
    createSchema: (context) => {
      const shape: Record<string, z.ZodType<string>> = {};
      for (const name of Object.keys(EMPTY_VALUES)) if (name !== 'agree') shape[name] = z.string();
      for (const spec of [...optionalBefore, ...optionalAfter]) {
        shape[spec.name] = ruleText(ruleOf(spec.name), { isRequired: isRequired(spec.name), isSecret: spec.isSecret });
      }
      shape.username = ruleText(ruleOf('username'), { isRequired: true });
      shape.password = passwordText(ruleOf('password'));
      Object.assign(shape, identityShape(settings), detailsShape(settings));
      if (isMobileShown)
        shape.mobileNum = mobileText(
          ruleOf('mobileNum'),
          isRequired('mobileNum') || isCodeShown,
          context.country?.mobileLengths,
        );
      if (isCodeShown) shape.verificationCode = ruleText(ruleOf('verificationCode'), { isRequired: true });
      const schema = z
        .object({ ...shape, ...registerBaseShape(settings, context) })
        .superRefine((values, ctx) => checkConfirmation(values, 'password', 'confirmPassword', ctx));
      // The shape is assembled from the operator's flags, so its static type is only the field list.
      return schema as unknown as z.ZodType<RegisterValues, RegisterValues>;
    },
  });
  const { form, label, country, isAffiliateShown } = registration;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const isIdentityShown = asksIdentity(settings);
  const shownFields: string[] = [
    ...registerFormFields(settings, { isMobileVerified: switches.isMobileVerified, isAffiliateShown }),
    ...identityFieldNames(settings),
  ];

  function onSubmit(values: RegisterValues) {
    registration.clearFormError();
    const pick = (name: TextFieldName | 'verificationCode') =>
      shownFields.includes(name) ? optionalValue(values[name]) : undefined;
    registerUser.mutate(
      {
        ...registration.getCommonBody(values),
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
        paymentPassword:
          shownFields.includes('paymentPassword') && values.paymentPassword ? values.paymentPassword : undefined,
        line: pick('line'),
        whatsapp: pick('whatsapp'),
        zalo: pick('zalo'),
        facebook: pick('facebook'),
        wechat: pick('wechat'),
        idNumber: pick('idNumber'),
        ...identityBody(settings, values),
        ...detailsBody(settings, values),
      },
      registration.getSubmitCallbacks(shownFields),
    );
  }

  const renderOptional = (spec: OptionalFieldSpec) => {
    const { name } = spec;
    const props = {
      label: label(name),
      requiredMark: isRequired(name),
      error: errors[name]?.message,
      ...spec.input,
      ...register(name),
    };
    return spec.isSecret ? (
      <PasswordField key={name} {...props} autoComplete="off" />
    ) : (
      <TextField key={name} {...props} />
    );
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
        {...register('username')}
      />
      <NewPasswordFields
        form={form}
        names={{ password: 'password', confirm: 'confirmPassword' }}
        labels={{ password: label('password'), confirm: label('confirmPassword') }}
        rule={ruleOf('password')}
      />
      {isIdentityShown ? <IdentityFields form={form} label={label} /> : null}
      <RegistrationDetailsFields
        form={form}
        label={label}
        address={asksAddress(settings)}
        gender={asksGender(settings)}
      />
      {optionalBefore.map(renderOptional)}
      {isMobileShown ? (
        <MobileField
          label={label('mobileNum')}
          requiredMark={isRequired('mobileNum') || isCodeShown}
          countries={registration.countries}
          country={country}
          onCountryChange={registration.setChosenCountry}
          isPickerShown={settings.showRegisterCountryCode}
          error={errors.mobileNum?.message}
          {...register('mobileNum')}
        />
      ) : null}
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
      {optionalAfter.map(renderOptional)}
      <RegisterFormTail
        registration={registration}
        settings={settings}
        variant={variant}
        isSubmitting={registerUser.isPending}
      />
    </form>
  );
}
