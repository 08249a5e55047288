import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@wps/shared/money';
import type { WithdrawInfo } from '@wps/shared/schemas/withdrawal';
import { createFormResolver } from '../../../components/form/form-resolver';
import { PaymentAmountFields } from '../../../components/form/payment-amount-fields';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { isAmountRefusal } from '../../../components/form/server-field-errors';
import { useBalance } from '../../../lib/api/get-balance';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { compareDecimal, createIdempotencyKey } from '../format';
import { createWithdrawFormSchema } from '../withdraw-amount';
import { WithdrawalOrders } from './withdrawal-orders';
import '../withdraw.css';

type FormValues = { amount: bigint; bankAccountId: string; paymentPassword: string };

/** The smaller of two decimal strings. */
function minDecimal(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}

/** Member-centre page "withdraw": the form (never more than the withdrawable balance) and the orders. */
export function WithdrawPage({ onGoToAccount }: { onGoToAccount: () => void }) {
  const { t } = useTranslation('withdraw');
  const info = useWithdrawInfo();
  const titleId = useId();
  const queryClient = useQueryClient();
  // Order states as one string: when a poll shows a change (e.g. a rejection refunded the
  // money), the header balance and the account record are refreshed too.
  const states = info.data?.orders.map((o) => `${o.id}:${o.status}`).join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (states === undefined) return;
    if (seen.current !== undefined && seen.current !== states) {
      void queryClient.invalidateQueries({ queryKey: ['member', 'balance'] });
      void queryClient.invalidateQueries({ queryKey: ['member', 'transactions'] });
    }
    seen.current = states;
  }, [states, queryClient]);

  return (
    <section className="wd" aria-labelledby={titleId} data-testid="withdraw-page">
      <h2 id={titleId} className="wd__title">
        {t('title')}
      </h2>
      {info.isLoading ? (
        <div className="wd-skeleton" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className="wd-skeleton__card" />
          <div className="wd-skeleton__row" />
          <div className="wd-skeleton__row" />
        </div>
      ) : info.error || !info.data ? (
        <div className="wd-empty" role="alert">
          <p>{translateError(info.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void info.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          <WithdrawForm info={info.data} onGoToAccount={onGoToAccount} />
          <WithdrawalOrders
            orders={info.data.orders}
            currency={info.data.currency}
            scale={info.data.scale}
            autoReceiptMinutes={info.data.autoReceiptMinutes}
          />
        </>
      )}
    </section>
  );
}

function WithdrawForm({ info, onGoToAccount }: { info: WithdrawInfo; onGoToAccount: () => void }) {
  const { t } = useTranslation('withdraw');
  const format = useFormatMoney();
  const money = (amount: string) => format(amount, { currency: info.currency, scale: info.scale });
  const formats = useFormats();
  const typed = (amount: string) => formats.typedAmount(amount, info.scale);
  const mutation = useCreateWithdrawal();
  const [formError, setFormError] = useState<string | null>(null);
  const [forfeit, setForfeit] = useState<{ values: FormValues; count: number } | null>(null);
  const balance = useBalance();
  // One key per intended withdrawal: a retry after a lost answer cannot withdraw twice.
  const keyRef = useRef(createIdempotencyKey());
  const canSubmit = info.hasPaymentPassword && info.bankAccounts.length > 0;
  const isDailyLimitReached = info.todayCount >= info.dailyCountLimit;
  const maxOffered = minDecimal(info.withdrawable, info.maxAmount);
  const labels = {
    amount: t('form.amount'),
    bankAccountId: t('form.bankAccount'),
    paymentPassword: t('form.paymentPassword'),
  };
  // Built each render, so the messages follow the language (react-hook-form reads the latest).
  const resolver = createFormResolver(createWithdrawFormSchema(info, formats.locale), ({ field, reason }) => {
    if (reason === 'required') return t('form.required', { field: labels[field as keyof typeof labels] ?? field });
    if (reason === 'min') return t('form.belowMin', { min: money(info.minAmount) });
    if (reason === 'max') return t('form.aboveMax', { max: money(info.maxAmount) });
    if (reason === 'balance') return t('form.aboveBalance', { balance: money(info.withdrawable) });
    return t('form.amountFormat', { scale: info.scale });
  });
  const form = useForm({
    mode: 'onTouched',
    defaultValues: { amount: '', bankAccountId: info.bankAccounts[0]?.id ?? '', paymentPassword: '' },
    resolver,
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = form;

  function onSubmit(values: FormValues, forfeitBonus = false) {
    setFormError(null);
    setForfeit(null);
    mutation.mutate(
      {
        amount: formatMinor(values.amount, info.scale),
        bankAccountId: values.bankAccountId,
        paymentPassword: values.paymentPassword,
        idempotencyKey: keyRef.current,
        ...(forfeitBonus ? { forfeitBonus: true } : {}),
      },
      {
        onSuccess: (order) => {
          keyRef.current = createIdempotencyKey();
          reset({ amount: '', bankAccountId: values.bankAccountId, paymentPassword: '' });
          toast.success(t('form.success', { amount: money(order.amount) }));
        },
        onError: (error) => {
          // The server answered: the next submit is a new request. A refusal for funds or the daily
          // limit is stored under its key (docs/api.md), so only a lost answer may reuse the key.
          if (isApiError(error) && error.status >= 400 && error.status < 500) keyRef.current = createIdempotencyKey();
          if (isApiError(error, 'BONUS_FORFEIT_CONFIRMATION_REQUIRED')) {
            // Running bonuses: the player is warned and the same request goes again once confirmed.
            setForfeit({ values, count: (error.value as { bonuses?: unknown[] } | undefined)?.bonuses?.length ?? 1 });
          } else if (isApiError(error, 'PAYMENT_PASSWORD_INVALID')) {
            const left = (error.value as { attemptsLeft?: number } | undefined)?.attemptsLeft;
            setError('paymentPassword', {
              message: left === undefined ? translateError(error) : t('form.attemptsLeft', { count: left }),
            });
          } else if (isApiError(error, 'PAYMENT_PASSWORD_LOCKED')) {
            setError('paymentPassword', { message: translateError(error) });
          } else if (
            isApiError(error, 'INSUFFICIENT_FUNDS') ||
            isApiError(error, 'WITHDRAWAL_AMOUNT_BELOW_MIN') ||
            isApiError(error, 'WITHDRAWAL_AMOUNT_ABOVE_MAX') ||
            isAmountRefusal(error)
          ) {
            setError('amount', { message: translateError(error) });
          } else if (isApiError(error, 'BANK_ACCOUNT_NOT_FOUND')) {
            setError('bankAccountId', { message: translateError(error) });
          } else {
            setFormError(translateError(error));
          }
        },
      },
    );
  }

  return (
    <div className="wd-form-card">
      <dl className="wd-summary">
        <div className="wd-summary__main">
          <dt>{t('summary.withdrawable')}</dt>
          <dd className="wd-money" data-testid="withdrawable">
            {money(info.withdrawable)}
          </dd>
        </div>
        <div>
          <dt>{t('summary.limits')}</dt>
          <dd className="wd-money">{t('summary.range', { min: money(info.minAmount), max: money(info.maxAmount) })}</dd>
        </div>
        <div>
          <dt>{t('summary.today')}</dt>
          <dd className="wd-num">
            {t('summary.count', { count: info.todayCount, limit: formats.number(info.dailyCountLimit) })}
          </dd>
        </div>
      </dl>
      {(!info.hasPaymentPassword || info.bankAccounts.length === 0) && (
        <div className="wd-notice">
          {!info.hasPaymentPassword && <p>{t('form.needPaymentPassword')}</p>}
          {info.bankAccounts.length === 0 && <p>{t('form.needBankAccount')}</p>}
          <Button size="sm" variant="secondary" onClick={onGoToAccount}>
            {t('form.goToAccount')}
          </Button>
        </div>
      )}
      {isDailyLimitReached && <p className="wd-notice">{t('form.dailyLimit')}</p>}
      <Modal open={forfeit !== null} onClose={() => setForfeit(null)} title={t('bonusForfeit.title')} size="sm">
        <div className="wd-forfeit">
          <p>
            {t('bonusForfeit.message', {
              count: forfeit?.count ?? 1,
              amount: balance.data ? money(balance.data.bonusBalance) : '…',
            })}
          </p>
          <div className="wd-forfeit__actions">
            <Button variant="secondary" onClick={() => setForfeit(null)} data-autofocus>
              {t('bonusForfeit.cancel')}
            </Button>
            <Button onClick={() => forfeit && onSubmit(forfeit.values, true)} loading={mutation.isPending}>
              {t('bonusForfeit.confirm')}
            </Button>
          </div>
        </div>
      </Modal>
      <form
        className="wd-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values))(event)}
        aria-label={t('form.label')}
      >
        <PaymentAmountFields
          form={form}
          labels={labels}
          disabled={!canSubmit}
          amount={{
            placeholder: t('form.amountPlaceholder', { min: typed(info.minAmount), max: typed(maxOffered) }),
            trailing: (
              <button
                type="button"
                className="wd-all"
                disabled={!canSubmit || compareDecimal(maxOffered, info.minAmount) < 0}
                onClick={() => setValue('amount', typed(maxOffered), { shouldValidate: true })}
              >
                {t('form.all')}
              </button>
            ),
          }}
        >
          <div className={`field${errors.bankAccountId ? ' has-error' : ''}`}>
            <label className="field__label" htmlFor="wd-bank">
              <span className="field__star" aria-hidden="true">
                *
              </span>
              {labels.bankAccountId}
            </label>
            <div className="field__box">
              <select
                id="wd-bank"
                className="field__input wd-select"
                disabled={!canSubmit}
                aria-invalid={errors.bankAccountId ? true : undefined}
                aria-describedby={errors.bankAccountId ? 'wd-bank-error' : undefined}
                {...register('bankAccountId')}
              >
                {info.bankAccounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.pixKeyMasked ? `PIX · ${a.pixKeyMasked}` : `${a.bankName} · ${a.accountNumberMasked}`} ·{' '}
                    {a.holderName}
                  </option>
                ))}
              </select>
            </div>
            {errors.bankAccountId && (
              <p id="wd-bank-error" className="field__error" role="alert">
                {errors.bankAccountId.message}
              </p>
            )}
          </div>
        </PaymentAmountFields>
        {formError && (
          <p className="wd-error" role="alert">
            {formError}
          </p>
        )}
        <Button
          type="submit"
          variant="money"
          block
          loading={mutation.isPending}
          disabled={!canSubmit || isDailyLimitReached}
        >
          {t('form.submit')}
        </Button>
        <p className="wd-hint">{t('form.autoReceiptHint', { minutes: info.autoReceiptMinutes })}</p>
      </form>
    </div>
  );
}
