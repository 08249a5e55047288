import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@wps/shared/money';
import type { ConsolidatedFunds } from '@wps/shared/schemas/transfer';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { createFormResolver } from '../../../components/form/form-resolver';
import { PaymentAmountFields } from '../../../components/form/payment-amount-fields';
import { useBalance } from '../../../lib/api/get-balance';
import { isApiError } from '../../../lib/api-client';
import { isAmountRefusal } from '../../../components/form/server-field-errors';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useTransferUpline } from '../api/transfer-upline';
import { createTransferFormSchema } from '../transfer-amount';
import '../transfer-upline.css';

function randomKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `t-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Member-centre page "transferUpline" (shown only when toUpline): send money to the upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation('withdraw');
  const funds = useConsolidatedFunds();
  const format = useFormatMoney();
  const titleId = useId();
  const data = funds.data;

  return (
    <section className="tu" aria-labelledby={titleId} data-testid="transfer-upline-page">
      <h2 id={titleId} className="tu__title">
        {t('upline.title')}
      </h2>
      <p className="tu__balance">
        {t('upline.balance')}{' '}
        <strong className="tu__money">
          {data ? format(data.mainWallet, { currency: data.currency, scale: data.scale }) : '…'}
        </strong>
      </p>
      {data && <TransferForm funds={data} />}
    </section>
  );
}

type FormValues = { amount: bigint; paymentPassword: string };

/**
 * The amount (typed in the player's locale, "50,00" in PT) and the payment password. While a bonus
 * runs the server asks for a confirmation first (a transfer out forfeits it, as a withdrawal
 * does); the same transfer goes again, confirmed, once the player chooses to forfeit it.
 */
function TransferForm({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation('withdraw');
  const mutation = useTransferUpline();
  const format = useFormatMoney();
  const { locale } = useFormats();
  const keyRef = useRef(randomKey());
  const [formError, setFormError] = useState<string | null>(null);
  const [forfeit, setForfeit] = useState<{ values: FormValues; count: number } | null>(null);
  const balance = useBalance();
  const money = (amount: string) => format(amount, { currency: funds.currency, scale: funds.scale });
  const labels = { amount: t('form.amount'), paymentPassword: t('form.paymentPassword') };
  // Built each render, so the messages follow the language (react-hook-form reads the latest).
  const resolver = createFormResolver(createTransferFormSchema(funds, locale), ({ field, reason }) => {
    if (reason === 'required') return t('form.required', { field: labels[field as keyof typeof labels] ?? field });
    if (reason === 'balance') return t('upline.aboveBalance', { balance: money(funds.mainWallet) });
    return t('form.amountFormat', { scale: funds.scale });
  });
  const form = useForm({ mode: 'onTouched', defaultValues: { amount: '', paymentPassword: '' }, resolver });
  const { handleSubmit, setError, reset } = form;

  function onSubmit(values: FormValues, forfeitBonus = false) {
    setFormError(null);
    setForfeit(null);
    mutation.mutate(
      {
        amount: formatMinor(values.amount, funds.scale),
        paymentPassword: values.paymentPassword,
        idempotencyKey: keyRef.current,
        ...(forfeitBonus ? { forfeitBonus: true } : {}),
      },
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
          if (isApiError(error, 'BONUS_FORFEIT_CONFIRMATION_REQUIRED')) {
            setForfeit({ values, count: (error.value as { bonuses?: unknown[] } | undefined)?.bonuses?.length ?? 1 });
          } else if (isApiError(error, 'PAYMENT_PASSWORD_INVALID') || isApiError(error, 'PAYMENT_PASSWORD_LOCKED')) {
            setError('paymentPassword', { message: translateError(error) });
          } else if (isApiError(error, 'INSUFFICIENT_FUNDS') || isAmountRefusal(error)) {
            setError('amount', { message: translateError(error) });
          } else {
            setFormError(translateError(error));
          }
        },
      },
    );
  }

  return (
    <>
      <Modal open={forfeit !== null} onClose={() => setForfeit(null)} title={t('upline.bonusForfeit.title')} size="sm">
        <div className="tu__form">
          <p>
            {t('upline.bonusForfeit.message', {
              count: forfeit?.count ?? 1,
              amount: balance.data ? money(balance.data.bonusBalance) : '…',
            })}
          </p>
          <Button variant="secondary" block onClick={() => setForfeit(null)} data-autofocus>
            {t('upline.bonusForfeit.cancel')}
          </Button>
          <Button block onClick={() => forfeit && onSubmit(forfeit.values, true)} loading={mutation.isPending}>
            {t('upline.bonusForfeit.confirm')}
          </Button>
        </div>
      </Modal>
      <form
        className="tu__form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values))(event)}
      >
        <PaymentAmountFields form={form} labels={labels} />
        {formError && (
          <p className="tu__error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={mutation.isPending}>
          {t('upline.submit')}
        </Button>
      </form>
    </>
  );
}
