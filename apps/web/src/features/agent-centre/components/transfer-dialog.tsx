import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@wps/shared/money';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { createFormResolver } from '../../../components/form/form-resolver';
import { PaymentAmountFields } from '../../../components/form/payment-amount-fields';
import { toast } from '../../../components/ui/toast';
import { useBalance } from '../../../lib/api/get-balance';
import { isApiError } from '../../../lib/api-client';
import { isAmountRefusal } from '../../../components/form/server-field-errors';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney, type MoneyFormat } from '../../../lib/money';
import { useTransferToDownline } from '../api/transfer-to-downline';
import { createDownlineTransferSchema } from '../transfer-form';

function randomKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `d-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export type TransferTarget = { memberId: string; account: string };

type FormValues = { amount: bigint; paymentPassword: string };

/**
 * Send money to a direct downline: the amount and the payment password, one ledger transfer. While
 * the agent has a running bonus the server asks for a confirmation first (a transfer out forfeits
 * it, as a withdrawal does): the dialog then shows that step, and the same transfer goes again,
 * confirmed, once the agent chooses to forfeit the bonus.
 */
export function TransferDialog({
  target,
  money,
  mainWallet,
  onClose,
}: {
  target: TransferTarget;
  money: MoneyFormat;
  mainWallet: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('agent');
  const mutation = useTransferToDownline();
  const format = useFormatMoney();
  const { locale } = useFormats();
  const keyRef = useRef(randomKey());
  const [formError, setFormError] = useState<string | null>(null);
  const [forfeit, setForfeit] = useState<{ values: FormValues; count: number } | null>(null);
  const balance = useBalance();
  const resolver = createFormResolver(
    createDownlineTransferSchema({ scale: money.scale, mainWallet, locale }),
    ({ field, reason }) => {
      if (reason === 'balance') return t('transfer.aboveBalance', { balance: format(mainWallet, money) });
      if (reason === 'zero') return t('transfer.zero');
      if (reason === 'required')
        return field === 'amount' ? t('transfer.amountRequired') : t('transfer.passwordRequired');
      return t('offer.errors.format', { scale: money.scale });
    },
  );
  const form = useForm({ mode: 'onTouched', defaultValues: { amount: '', paymentPassword: '' }, resolver });
  const { handleSubmit, setError } = form;

  function onSubmit(values: FormValues, forfeitBonus = false) {
    setFormError(null);
    setForfeit(null);
    mutation.mutate(
      {
        memberId: target.memberId,
        amount: formatMinor(values.amount, money.scale),
        paymentPassword: values.paymentPassword,
        idempotencyKey: keyRef.current,
        ...(forfeitBonus ? { forfeitBonus: true } : {}),
      },
      {
        onSuccess: (result) => {
          toast.success(t('transfer.success', { amount: format(result.amount, money), downline: result.downline }));
          onClose();
        },
        onError: (error) => {
          // The server answered: the next submit is a new request (only a lost answer reuses the key).
          if (isApiError(error) && error.status >= 400 && error.status < 500) keyRef.current = randomKey();
          if (isApiError(error, 'BONUS_FORFEIT_CONFIRMATION_REQUIRED'))
            setForfeit({ values, count: (error.value as { bonuses?: unknown[] } | undefined)?.bonuses?.length ?? 1 });
          else if (isApiError(error, 'PAYMENT_PASSWORD_INVALID') || isApiError(error, 'PAYMENT_PASSWORD_LOCKED'))
            setError('paymentPassword', { message: translateError(error) });
          else if (isApiError(error, 'INSUFFICIENT_FUNDS') || isAmountRefusal(error))
            setError('amount', { message: translateError(error) });
          else setFormError(translateError(error));
        },
      },
    );
  }

  return (
    <Modal open onClose={onClose} title={t('transfer.title', { downline: target.account })} size="sm">
      {forfeit && (
        <div className="ac-offer" role="alertdialog" aria-label={t('transfer.bonusForfeit.title')}>
          <p className="ac-note ac-note--error">{t('transfer.bonusForfeit.title')}</p>
          <p className="ac-note">
            {t('transfer.bonusForfeit.message', {
              count: forfeit.count,
              amount: balance.data ? format(balance.data.bonusBalance, money) : '…',
            })}
          </p>
          <Button variant="secondary" block onClick={() => setForfeit(null)} data-autofocus>
            {t('transfer.bonusForfeit.cancel')}
          </Button>
          <Button block onClick={() => onSubmit(forfeit.values, true)} loading={mutation.isPending}>
            {t('transfer.bonusForfeit.confirm')}
          </Button>
        </div>
      )}
      <form
        className="ac-offer"
        hidden={forfeit !== null}
        noValidate
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values))(event)}
      >
        <p className="ac-note">
          {t('transfer.balance')} <strong className="ac-money">{format(mainWallet, money)}</strong>
        </p>
        <PaymentAmountFields
          form={form}
          labels={{ amount: t('transfer.amount'), paymentPassword: t('transfer.paymentPassword') }}
          isAmountFocused
        />
        {formError && (
          <p className="ac-note ac-note--error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={mutation.isPending}>
          {t('transfer.submit')}
        </Button>
      </form>
    </Modal>
  );
}
