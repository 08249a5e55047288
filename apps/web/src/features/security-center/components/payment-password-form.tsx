import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@wps/shared/schemas/system';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { FormError } from '@wps/ui/form-error';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { PasswordField } from '../../../components/form/password-field';
import { checkConfirmation, createIssueDescriber, requiredText, ruleText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useFieldRules } from '../../../components/form/use-field-rules';
import { useSetPaymentPassword } from '../api/set-payment-password';
import { readFieldErrors } from '../../../components/form/server-field-errors';

type PinValues = { oldPaymentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string };

/** The server's fallback when the operator has no paymentPassword rule: six digits. */
const SIX_DIGITS: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 };

/** Set the payment password, or change it with the current one (`isChange`). */
export function PaymentPasswordForm({ isChange, onDone }: { isChange: boolean; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const rules = useFieldRules();
  const rule = rules?.paymentPassword ?? SIX_DIGITS;
  const isNumeric = rule.patternId === 6;
  const mutation = useSetPaymentPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const labels = {
    oldPaymentPassword: t('paymentPassword.old'),
    newPaymentPassword: t('paymentPassword.new'),
    confirmPaymentPassword: t('paymentPassword.confirm'),
  };
  const schema = z
    .object({
      oldPaymentPassword: isChange ? requiredText() : z.string(),
      newPaymentPassword: ruleText(rule, { isRequired: true, isSecret: true }),
      confirmPaymentPassword: z.string(),
    })
    .superRefine((values, ctx) => checkConfirmation(values, 'newPaymentPassword', 'confirmPaymentPassword', ctx));
  const form = useForm<PinValues>({
    mode: 'onTouched',
    defaultValues: { oldPaymentPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' },
    resolver: createFormResolver(
      schema,
      createIssueDescriber(ta, (field) => labels[field as keyof PinValues]),
    ),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const pinProps = { inputMode: isNumeric ? ('numeric' as const) : undefined, maxLength: rule.maxLength || 128 };

  function onError(error: unknown) {
    const fields = readFieldErrors(ta, error, labels);
    const first = Object.entries(fields)[0];
    if (first) {
      setError(first[0] as keyof PinValues, { message: first[1] });
    } else if (isApiError(error, 'PAYMENT_PASSWORD_INVALID')) {
      const count = (error.value as { attemptsLeft?: number } | undefined)?.attemptsLeft;
      setError('oldPaymentPassword', {
        message: count === undefined ? translateError(error) : t('paymentPassword.attemptsLeft', { count }),
      });
    } else if (isApiError(error, 'PAYMENT_PASSWORD_LOCKED')) {
      const seconds = (error.value as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 0;
      const message = t('paymentPassword.lockedFor', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
      if (isChange) setError('oldPaymentPassword', { message });
      else setFormError(message);
    } else if (isApiError(error, 'PASSWORD_TOO_WEAK')) {
      setError('newPaymentPassword', { message: translateError(error) });
    } else if (isApiError(error, 'PASSWORD_MISMATCH')) {
      setError('confirmPaymentPassword', { message: translateError(error) });
    } else {
      setFormError(translateError(error));
    }
  }

  async function onSubmit(values: PinValues) {
    setFormError(null);
    try {
      await mutation.mutateAsync({
        ...(isChange ? { oldPaymentPassword: values.oldPaymentPassword } : {}),
        newPaymentPassword: values.newPaymentPassword,
        confirmPaymentPassword: values.confirmPaymentPassword,
      });
    } catch (error) {
      onError(error);
      return;
    }
    // Awaited, so the notice survives the summary refresh re-rendering the item (see mobile-bind-form.tsx).
    toast.success(isChange ? t('paymentPassword.successChange') : t('paymentPassword.successSet'));
    onDone();
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {isChange ? (
        <PasswordField
          label={labels.oldPaymentPassword}
          requiredMark
          autoComplete="off"
          {...pinProps}
          error={errors.oldPaymentPassword?.message}
          {...register('oldPaymentPassword')}
        />
      ) : null}
      <NewPasswordFields
        form={form}
        names={{ password: 'newPaymentPassword', confirm: 'confirmPaymentPassword' }}
        labels={{ password: labels.newPaymentPassword, confirm: labels.confirmPaymentPassword }}
        isRuleHinted={false}
        input={pinProps}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {isChange ? t('paymentPassword.submitChange') : t('paymentPassword.submitSet')}
      </Button>
    </form>
  );
}
