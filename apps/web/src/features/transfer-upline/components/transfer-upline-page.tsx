import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useTransferUpline } from '../api/transfer-upline';
import '../transfer-upline.css';

type FormValues = { amount: string; paymentPassword: string };

function randomKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `t-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Exact comparison of non-negative decimal strings. */
function isAbove(a: string, b: string): boolean {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const w = Math.max(af.length, bf.length);
  return BigInt(aw + af.padEnd(w, '0')) > BigInt(bw + bf.padEnd(w, '0'));
}

/** Member-centre page "transferUpline" (shown only when toUpline): send money to the upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation('withdraw');
  const funds = useConsolidatedFunds();
  const mutation = useTransferUpline();
  const format = useFormatMoney();
  const titleId = useId();
  const keyRef = useRef(randomKey());
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues>({ mode: 'onTouched', defaultValues: { amount: '', paymentPassword: '' } });
  const data = funds.data;
  const money = (amount: string) => (data ? format(amount, { currency: data.currency, scale: data.scale }) : amount);

  function onSubmit(values: FormValues) {
    setFormError(null);
    mutation.mutate(
      { amount: values.amount.trim(), paymentPassword: values.paymentPassword, idempotencyKey: keyRef.current },
      {
        onSuccess: (result) => {
          keyRef.current = randomKey();
          reset({ amount: '', paymentPassword: '' });
          toast.success(t('upline.success', { amount: money(result.amount), upline: result.upline }));
        },
        onError: (error) => {
          // The server answered: the next submit is a new request. A refusal for funds is stored
          // under its key (docs/api.md), so only a lost answer may reuse the key.
          if (isApiError(error) && error.status >= 400 && error.status < 500) keyRef.current = randomKey();
          if (isApiError(error, 'PAYMENT_PASSWORD_INVALID') || isApiError(error, 'PAYMENT_PASSWORD_LOCKED')) {
            setError('paymentPassword', { message: translateError(error) });
          } else if (isApiError(error, 'INSUFFICIENT_FUNDS') || isApiError(error, 'AMOUNT_INVALID')) {
            setError('amount', { message: translateError(error) });
          } else {
            setFormError(translateError(error));
          }
        },
      },
    );
  }

  return (
    <section className="tu" aria-labelledby={titleId} data-testid="transfer-upline-page">
      <h2 id={titleId} className="tu__title">
        {t('upline.title')}
      </h2>
      <p className="tu__balance">
        {t('upline.balance')} <strong className="tu__money">{data ? money(data.mainWallet) : '…'}</strong>
      </p>
      <form className="tu__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          label={t('form.amount')}
          requiredMark
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          error={errors.amount?.message}
          {...register('amount', {
            validate: (v) => {
              const value = v.trim();
              if (!value) return t('form.required', { field: t('form.amount') });
              if (!/^\d{1,15}(\.\d{1,8})?$/.test(value) || !/[1-9]/.test(value)) return t('form.amountFormat', { scale: data?.scale ?? 2 });
              if (data && isAbove(value, data.mainWallet)) return t('upline.aboveBalance', { balance: money(data.mainWallet) });
              return true;
            },
          })}
        />
        <TextField
          label={t('form.paymentPassword')}
          requiredMark
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={64}
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: (v) => (v ? true : t('form.required', { field: t('form.paymentPassword') })) })}
        />
        {formError && (
          <p className="tu__error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={mutation.isPending}>
          {t('upline.submit')}
        </Button>
      </form>
    </section>
  );
}
