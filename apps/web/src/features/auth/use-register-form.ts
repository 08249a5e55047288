import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { Country, RegisterSettings } from '@wps/shared/schemas/system';
import { createIssueDescriber, ruleText } from '../../components/form/field-rules';
import { createFormResolver } from '../../components/form/form-resolver';
import { useCaptcha } from './api/captcha';
import { useSendRegisterSms } from './api/send-register-sms';
import { openRegisterSuccess } from './auth-modal-store';
import { applyRegisterError, getRegisterContext, optionalValue, useCheckedReferralCodes } from './register-support';
import { useDialingCountries } from '../../components/form/use-field-rules';
import { useAuthSettings } from './use-auth-settings';
import { useCompleteLogin } from './use-complete-login';
import { describeIdentityIssue } from './identity';

export type RegisterFormVariant = 'page' | 'modal';

/** Fields both registration forms have. */
export type RegisterBaseValues = { mobileNum: string; affiliateCode: string; captcha: string; agree: boolean };

/** What a form's schema may depend on, besides the operator's settings. */
export type RegisterSchemaContext = { country: Country | undefined; isAffiliateShown: boolean };

type RegisterFormOptions<Values extends RegisterBaseValues> = {
  settings: RegisterSettings;
  emptyValues: Values;
  /** The form's own fields; the shared ones come from `registerBaseShape`. */
  createSchema: (context: RegisterSchemaContext) => z.ZodType<Values, Values>;
};

/**
 * The zod shape of the fields both registration forms share: the affiliate code (shown when the
 * operator takes one and none came with the visitor), the captcha, and the agreement.
 */
export function registerBaseShape(settings: RegisterSettings, { isAffiliateShown }: RegisterSchemaContext) {
  const isAffiliateRequired = settings.required.affiliateCode === true;
  return {
    affiliateCode: isAffiliateShown
      ? ruleText(settings.validate.affiliateCode, { isRequired: isAffiliateRequired })
      : z.string(),
    captcha: settings.showCaptcha ? ruleText(settings.validate.captcha, { isRequired: true }) : z.string(),
    agree: z.boolean().refine((value) => value, { params: { reason: 'agree' } }),
  };
}

/**
 * What the username and mobile registration forms share: the form and its zod
 * resolver with translated messages, the dialing country, the captcha, the 'get code' send,
 * referral codes, the request fields every registration carries, and what happens after the
 * call (log in and show the success dialog, or put each failure under its field).
 */
export function useRegisterForm<Values extends RegisterBaseValues & FieldValues>({
  settings,
  emptyValues,
  createSchema,
}: RegisterFormOptions<Values>) {
  const { t } = useTranslation('auth');
  const { switches } = useAuthSettings();
  const codes = useCheckedReferralCodes();
  const { countries, defaultCountry } = useDialingCountries();
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const [formError, setFormError] = useState<string | null>(null);
  const captcha = useCaptcha(settings.showCaptcha);
  const sendSms = useSendRegisterSms();
  const completeLogin = useCompleteLogin();
  const isAffiliateShown = settings.hasAffiliate && !codes.hasCode;
  const label = (name: string) => t(`fields.${name}`);
  // Built each render: the country and the language may have changed, and react-hook-form reads the latest.
  const resolver = createFormResolver(
    createSchema({ country, isAffiliateShown }),
    createIssueDescriber(t, label, describeIdentityIssue(t)),
  );
  // The consent starts unticked; only the operator's consentPreticked (where its jurisdiction allows it) ticks it.
  const defaultValues = { ...emptyValues, agree: settings.consentPreticked } as DefaultValues<Values>;
  const form = useForm<Values, unknown, Values>({ mode: 'onTouched', defaultValues, resolver });
  const mobileField = 'mobileNum' as Path<Values>;

  /** Check the number, then text the code; null when the number is not valid yet. */
  async function sendCode() {
    if (!(await form.trigger(mobileField)) || !country) {
      // Mark it touched so the error clears as the number is typed, not on the blur of the next
      // click (which would move the button away from under the pointer).
      form.setValue(mobileField, form.getValues(mobileField), { shouldTouch: true });
      return null;
    }
    return sendSms.mutateAsync({
      countryDialingCode: country.countryDialingCode,
      mobileNo: form.getValues(mobileField).trim(),
    });
  }

  /** The request fields every registration sends besides the form's own. */
  function getCommonBody(values: Values) {
    return {
      ...getRegisterContext(),
      affiliateCode: isAffiliateShown ? optionalValue(values.affiliateCode) : optionalValue(codes.affiliateCode),
      referralCode: optionalValue(codes.referralCode),
      captcha: settings.showCaptcha ? values.captcha.trim() : undefined,
      captchaKey: settings.showCaptcha ? captcha.captchaKey : undefined,
      agree: values.agree,
    };
  }

  /**
   * Callbacks for the registration mutation; `shownFields` are the fields the form shows, and
   * `getGeneratedAccount` names an account the server made up (shown before the success dialog).
   */
  function getSubmitCallbacks(
    shownFields: readonly string[],
    getGeneratedAccount: (result: LoginResult) => string | undefined = () => undefined,
  ) {
    return {
      onSuccess: (result: LoginResult) => {
        completeLogin(result, 'register');
        openRegisterSuccess(getGeneratedAccount(result));
      },
      onError: (error: unknown) => {
        if (settings.showCaptcha) {
          captcha.renew();
          form.setValue('captcha' as Path<Values>, '' as PathValue<Values, Path<Values>>);
        }
        setFormError(
          applyRegisterError(t, error, {
            fields: shownFields,
            labelOf: label,
            setFieldError: (field, message) => form.setError(field as Path<Values>, { message }, { shouldFocus: true }),
          }),
        );
      },
    };
  }

  function resetForm() {
    form.reset(emptyValues);
    setChosenCountry(undefined);
    setFormError(null);
    if (settings.showCaptcha) captcha.renew();
  }

  return {
    t,
    form,
    label,
    switches,
    countries,
    country,
    setChosenCountry,
    captcha,
    sendCode,
    isSending: sendSms.isPending,
    isAffiliateShown,
    formError,
    clearFormError: () => setFormError(null),
    getCommonBody,
    getSubmitCallbacks,
    resetForm,
  };
}
