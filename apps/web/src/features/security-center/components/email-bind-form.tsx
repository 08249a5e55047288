import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { EmailCodeSent } from '@wps/shared/schemas/security';
import type { FieldRule } from '@wps/shared/schemas/system';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { FormError } from '@wps/ui/form-error';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { createIssueDescriber, requiredText, ruleText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useFieldRules } from '../../../components/form/use-field-rules';
import { useBindEmail } from '../api/bind-email';
import { useSendEmailBindCode } from '../api/send-email-bind-code';
import { readFieldErrors } from '../../../components/form/server-field-errors';

type EmailValues = { email: string; verificationCode: string };

const EMAIL_RULE: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 128, patternId: 3 };

/** Link an e-mail: send a code to it (with the SMS-style countdown), then confirm with the code. */
export function EmailBindForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const rules = useFieldRules();
  const sendCode = useSendEmailBindCode();
  const bind = useBindEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const labels = { email: t('email.address'), verificationCode: t('email.code') };
  const schema = z.object({
    email: ruleText(rules?.email ?? EMAIL_RULE, { isRequired: true }),
    verificationCode: requiredText(),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<EmailValues>({
    mode: 'onTouched',
    defaultValues: { email: '', verificationCode: '' },
    resolver: createFormResolver(
      schema,
      createIssueDescriber(ta, (field) => labels[field as keyof EmailValues]),
    ),
  });

  async function send(): Promise<EmailCodeSent | null> {
    if (!(await trigger('email'))) return null;
    try {
      return await sendCode.mutateAsync({ email: getValues('email').trim() });
    } catch (error) {
      const fields = readFieldErrors(ta, error, labels);
      if (fields.email) {
        setError('email', { message: fields.email });
        return null;
      }
      if (isApiError(error, 'EMAIL_TAKEN')) {
        setError('email', { message: translateError(error) });
        return null;
      }
      throw error;
    }
  }

  async function onSubmit(values: EmailValues) {
    setFormError(null);
    try {
      await bind.mutateAsync({ email: values.email.trim(), verificationCode: values.verificationCode.trim() });
    } catch (error) {
      if (isApiError(error, 'EMAIL_CODE_INVALID') || isApiError(error, 'EMAIL_CODE_EXPIRED')) {
        setError('verificationCode', { message: translateError(error) });
      } else if (isApiError(error, 'EMAIL_TAKEN')) {
        setError('email', { message: translateError(error) });
      } else {
        setFormError(translateError(error));
      }
      return;
    }
    // Awaited: the refreshed summary unmounts this form (see mobile-bind-form.tsx).
    toast.success(t('email.success'));
    onDone();
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={labels.email}
        requiredMark
        type="email"
        autoComplete="email"
        maxLength={128}
        error={errors.email?.message}
        {...register('email')}
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
        {t('email.submit')}
      </Button>
    </form>
  );
}
