import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { FormError } from '@wps/ui/form-error';
import { createIssueDescriber, ruleText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useFieldRules } from '../../../components/form/use-field-rules';
import { useSetPayeeName } from '../api/set-payee-name';
import { readFieldErrors } from '../../../components/form/server-field-errors';

type PayeeValues = { payeeName: string };

/** Bind the real (payee) name; the operator's payeeName rule applies. */
export function PayeeNameForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const rules = useFieldRules();
  const mutation = useSetPayeeName();
  const [formError, setFormError] = useState<string | null>(null);
  const label = t('payeeName.label');
  const schema = z.object({ payeeName: ruleText(rules?.payeeName, { isRequired: true }) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PayeeValues>({
    mode: 'onTouched',
    defaultValues: { payeeName: '' },
    resolver: createFormResolver(
      schema,
      createIssueDescriber(ta, () => label),
    ),
  });

  async function onSubmit(values: PayeeValues) {
    setFormError(null);
    try {
      await mutation.mutateAsync({ payeeName: values.payeeName.trim() });
    } catch (error) {
      const fields = readFieldErrors(ta, error, { payeeName: label });
      if (fields.payeeName) setError('payeeName', { message: fields.payeeName });
      else setFormError(translateError(error));
      return;
    }
    // Awaited: the refreshed summary unmounts this form (see mobile-bind-form.tsx).
    toast.success(t('payeeName.success'));
    onDone();
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={label}
        requiredMark
        autoComplete="name"
        placeholder={t('payeeName.placeholder')}
        maxLength={128}
        hint={t('payeeName.hint')}
        error={errors.payeeName?.message}
        {...register('payeeName')}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {t('payeeName.submit')}
      </Button>
    </form>
  );
}
