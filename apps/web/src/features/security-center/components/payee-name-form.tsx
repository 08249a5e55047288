import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { FormError } from '../../../components/form/form-error';
import { createFieldValidator } from '../../../components/form/field-rules';
import { useAuthSettings } from '../../auth/use-auth-settings';
import { useSetPayeeName } from '../api/set-payee-name';
import { readFieldErrors } from '../field-errors';

type PayeeValues = { payeeName: string };

/** Bind the real (payee) name; the operator's payeeName rule applies. */
export function PayeeNameForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const { register: settings } = useAuthSettings();
  const mutation = useSetPayeeName();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PayeeValues>({ mode: 'onTouched', defaultValues: { payeeName: '' } });
  const label = t('payeeName.label');

  function onSubmit(values: PayeeValues) {
    setFormError(null);
    mutation.mutate(
      { payeeName: values.payeeName.trim() },
      {
        onSuccess: () => {
          toast.success(t('payeeName.success'));
          onDone();
        },
        onError: (error) => {
          const fields = readFieldErrors(ta, error, { payeeName: label });
          if (fields.payeeName) setError('payeeName', { message: fields.payeeName });
          else setFormError(translateError(error));
        },
      },
    );
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
        {...register('payeeName', { validate: createFieldValidator(ta, label, settings?.validate.payeeName, true) })}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {t('payeeName.submit')}
      </Button>
    </form>
  );
}
