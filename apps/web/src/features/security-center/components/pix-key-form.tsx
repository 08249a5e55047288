import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '@wps/shared/pix-key';
import { bindPixKeyBodySchema } from '@wps/shared/schemas/security';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { createIssueDescriber } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useBindPixKey } from '../api/bind-pix-key';
import { SelectField } from './select-field';

/**
 * Bind a PIX key as a payout account: its type and the key, read the way the server reads it.
 * The PIX directory names the key's owner; where the licence asks for it the owner must be the
 * player's own CPF, which the hint says before the player tries.
 */
export function PixKeyForm({ ownAccountsOnly, onDone }: { ownAccountsOnly: boolean; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const mutation = useBindPixKey();
  const [formError, setFormError] = useState<string | null>(null);
  const labels = { keyType: t('pix.keyType'), key: t('pix.key') };
  const schema = bindPixKeyBodySchema.superRefine((values, ctx) => {
    if (values.key.trim() && !normalizePixKey(values.keyType, values.key))
      ctx.addIssue({ code: 'custom', path: ['key'], params: { reason: 'pixKey' } });
  });
  const describeIssue = createIssueDescriber(
    ta,
    (field) => labels[field as keyof typeof labels],
    ({ reason }) => (reason === 'pixKey' ? t('pix.invalid') : undefined),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    defaultValues: { keyType: 'cpf', key: '' },
    resolver: createFormResolver(schema, describeIssue),
  });

  async function onSubmit(values: { keyType: PixKeyType; key: string }) {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      if (
        isApiError(error, 'PAYOUT_ACCOUNT_NOT_OWN') ||
        isApiError(error, 'PAYOUT_ACCOUNT_UNKNOWN') ||
        isApiError(error, 'BANK_ACCOUNT_DUPLICATE') ||
        isApiError(error, 'VALIDATION_FAILED')
      ) {
        setError('key', { message: translateError(error) });
      } else setFormError(translateError(error));
      return;
    }
    // Awaited: filling the last account slot unmounts this form (see mobile-bind-form.tsx).
    toast.success(t('pix.success'));
    onDone();
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <SelectField label={labels.keyType} requiredMark error={errors.keyType?.message} {...register('keyType')}>
        {PIX_KEY_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`pix.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={labels.key}
        requiredMark
        autoComplete="off"
        maxLength={100}
        hint={ownAccountsOnly ? t('pix.ownHint') : t('pix.nameHint')}
        error={errors.key?.message}
        {...register('key')}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {t('pix.submit')}
      </Button>
    </form>
  );
}
