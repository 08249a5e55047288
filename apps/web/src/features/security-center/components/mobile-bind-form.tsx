import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { Country } from '@wps/shared/schemas/system';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { FormError } from '@wps/ui/form-error';
import { MobileField } from '../../../components/form/mobile-field';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { createIssueDescriber, mobileText, requiredText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useDialingCountries, useFieldRules } from '../../../components/form/use-field-rules';
import { useBindMobile } from '../api/bind-mobile';
import { useSendMobileBindCode } from '../api/send-mobile-bind-code';
import { readFieldErrors } from '../../../components/form/server-field-errors';

type MobileValues = { mobileNum: string; verificationCode: string };

/** Link a mobile number: text a code (purpose 'bind'), then confirm with the code. */
export function MobileBindForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const rules = useFieldRules();
  const { countries, defaultCountry } = useDialingCountries();
  const [chosenCountry, setChosenCountry] = useState<Country>();
  const country = chosenCountry ?? defaultCountry;
  const sendCode = useSendMobileBindCode();
  const bind = useBindMobile();
  const [formError, setFormError] = useState<string | null>(null);
  const labels = { mobileNum: t('mobile.number'), verificationCode: t('mobile.code') };
  const schema = z.object({
    mobileNum: mobileText(rules?.mobileNum, true, country?.mobileLengths),
    verificationCode: requiredText(),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<MobileValues>({
    mode: 'onTouched',
    defaultValues: { mobileNum: '', verificationCode: '' },
    resolver: createFormResolver(
      schema,
      createIssueDescriber(ta, (field) => labels[field as keyof MobileValues]),
    ),
  });

  async function send(): Promise<SmsSentResult | null> {
    if (!(await trigger('mobileNum')) || !country) return null;
    try {
      return await sendCode.mutateAsync({
        countryDialingCode: country.countryDialingCode,
        mobileNum: getValues('mobileNum').trim(),
      });
    } catch (error) {
      const fields = readFieldErrors(ta, error, labels);
      if (fields.mobileNum) {
        setError('mobileNum', { message: fields.mobileNum });
        return null;
      }
      if (isApiError(error, 'MOBILE_TAKEN')) {
        setError('mobileNum', { message: translateError(error) });
        return null;
      }
      throw error;
    }
  }

  async function onSubmit(values: MobileValues) {
    if (!country) return;
    setFormError(null);
    try {
      await bind.mutateAsync({
        countryDialingCode: country.countryDialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.verificationCode.trim(),
      });
    } catch (error) {
      if (isApiError(error, 'SMS_CODE_INVALID') || isApiError(error, 'SMS_CODE_EXPIRED')) {
        setError('verificationCode', { message: translateError(error) });
      } else if (isApiError(error, 'MOBILE_TAKEN')) {
        setError('mobileNum', { message: translateError(error) });
      } else {
        setFormError(translateError(error));
      }
      return;
    }
    // Awaited, not a mutate() callback: the refreshed summary unmounts this form, and TanStack
    // Query drops a mutate() callback whose component is gone, so the player would see no notice.
    toast.success(t('mobile.success'));
    onDone();
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <MobileField
        label={labels.mobileNum}
        requiredMark
        countries={countries}
        country={country}
        onCountryChange={setChosenCountry}
        error={errors.mobileNum?.message}
        {...register('mobileNum')}
      />
      <SmsCodeField
        label={labels.verificationCode}
        requiredMark
        onSend={send}
        isSending={sendCode.isPending}
        error={errors.verificationCode?.message}
        {...register('verificationCode')}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={bind.isPending}>
        {t('mobile.submit')}
      </Button>
    </form>
  );
}
