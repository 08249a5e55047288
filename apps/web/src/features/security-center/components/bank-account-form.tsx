import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_NUMBER_PATTERN,
  bindBankAccountBodySchema,
  normaliseAccountNumber,
  sameName,
} from '@wps/shared/schemas/security';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { FormError } from '@wps/ui/form-error';
import { createIssueDescriber } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useBindBankAccount } from '../api/bind-bank-account';
import { useBanks } from '../api/list-banks';
import { readFieldErrors } from '../../../components/form/server-field-errors';
import { SelectField } from './select-field';

type BankValues = { bankCode: string; accountNumber: string; holderName: string };

/** Bind a bank account: bank from the operator's list, number, holder prefilled with the payee name. */
export function BankAccountForm({ payeeName, onDone }: { payeeName: string; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('auth');
  const banks = useBanks();
  const mutation = useBindBankAccount();
  const [formError, setFormError] = useState<string | null>(null);
  // A bound account can never be changed or removed: a valid form is shown back for confirmation first.
  const [review, setReview] = useState<BankValues | null>(null);
  const labels = { bankCode: t('bank.bank'), accountNumber: t('bank.accountNumber'), holderName: t('bank.holderName') };
  // The request body's shape, plus the account-number rule and the payee-name match the server applies.
  const schema = bindBankAccountBodySchema.extend({
    accountNumber: bindBankAccountBodySchema.shape.accountNumber.superRefine((value, ctx) => {
      const digits = normaliseAccountNumber(value);
      if (!digits) ctx.addIssue({ code: 'custom', params: { reason: 'required' } });
      else if (!ACCOUNT_NUMBER_PATTERN.test(digits))
        ctx.addIssue({ code: 'custom', params: { reason: 'accountNumber' } });
    }),
    holderName: bindBankAccountBodySchema.shape.holderName.superRefine((value, ctx) => {
      if (!value.trim()) ctx.addIssue({ code: 'custom', params: { reason: 'required' } });
      else if (!sameName(value, payeeName)) ctx.addIssue({ code: 'custom', params: { reason: 'holderName' } });
    }),
  });
  const describeIssue = createIssueDescriber(
    ta,
    (field) => labels[field as keyof BankValues],
    ({ reason }) =>
      reason === 'accountNumber'
        ? ta('validation.patterns.6', { length: '4-20' })
        : reason === 'holderName'
          ? t('bank.holderHint')
          : undefined,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    defaultValues: { bankCode: '', accountNumber: '', holderName: payeeName },
    resolver: createFormResolver(schema, describeIssue),
  });

  function onSubmit(values: BankValues) {
    setFormError(null);
    setReview(values);
  }

  async function bind(values: BankValues) {
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      setReview(null);
      const fields = readFieldErrors(ta, error, labels);
      const first = Object.entries(fields)[0];
      if (first) setError(first[0] as keyof BankValues, { message: first[1] });
      else if (isApiError(error, 'BANK_ACCOUNT_HOLDER_MISMATCH'))
        setError('holderName', { message: translateError(error) });
      else if (isApiError(error, 'BANK_ACCOUNT_DUPLICATE'))
        setError('accountNumber', { message: translateError(error) });
      else if (isApiError(error, 'BANK_NOT_SUPPORTED')) setError('bankCode', { message: translateError(error) });
      else setFormError(translateError(error));
      return;
    }
    // Awaited: filling the last account slot unmounts this form (see mobile-bind-form.tsx).
    toast.success(t('bank.success'));
    onDone();
  }

  if (review) {
    const bank = banks.data?.find((b) => b.code === review.bankCode);
    return (
      <BankAccountReview
        rows={[
          [labels.bankCode, bank ? `${bank.code} · ${bank.name}` : review.bankCode],
          [labels.accountNumber, normaliseAccountNumber(review.accountNumber)],
          [labels.holderName, review.holderName.trim()],
        ]}
        isBinding={mutation.isPending}
        onConfirm={() => void bind(review)}
        onEdit={() => setReview(null)}
      />
    );
  }

  return (
    <form className="sec-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <SelectField
        label={labels.bankCode}
        requiredMark
        disabled={banks.isLoading}
        error={errors.bankCode?.message ?? (banks.error ? translateError(banks.error) : undefined)}
        {...register('bankCode')}
      >
        <option value="">{t('bank.chooseBank')}</option>
        {(banks.data ?? []).map((bank) => (
          <option key={bank.code} value={bank.code}>
            {bank.code} · {bank.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={labels.accountNumber}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        error={errors.accountNumber?.message}
        {...register('accountNumber')}
      />
      <TextField
        label={labels.holderName}
        requiredMark
        autoComplete="name"
        maxLength={128}
        hint={t('bank.holderHint')}
        error={errors.holderName?.message}
        {...register('holderName')}
      />
      <FormError message={formError} />
      <Button type="submit" block loading={mutation.isPending}>
        {t('bank.submit')}
      </Button>
    </form>
  );
}

type ReviewProps = { rows: [string, string][]; isBinding: boolean; onConfirm: () => void; onEdit: () => void };

/** The confirmation step: what will be bound, and that it cannot be undone. */
function BankAccountReview({ rows, isBinding, onConfirm, onEdit }: ReviewProps) {
  const { t } = useTranslation('security');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the player was on is gone: take focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="sec-form sec-review" role="group" aria-labelledby="sec-bank-review" data-testid="bank-review">
      <h5 id="sec-bank-review" className="sec-review__title" ref={headingRef} tabIndex={-1}>
        {t('bank.review')}
      </h5>
      <dl className="sec-review__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="sec-review__warning" role="note">
        {t('bank.reviewWarning')}
      </p>
      <div className="sec-review__actions">
        <Button variant="secondary" onClick={onEdit} disabled={isBinding}>
          {t('bank.edit')}
        </Button>
        <Button onClick={onConfirm} loading={isBinding}>
          {t('bank.confirm')}
        </Button>
      </div>
    </div>
  );
}
