import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositChannel, DepositOrder } from '@wps/shared/schemas/deposit';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { FormError } from '../../../components/form/form-error';
import { createDepositOrderBodySchema, useCreateDepositOrder } from '../api/create-deposit-order';
import { feeMinor, quickAmounts, toDecimal, toMinor } from '../deposit-amount';

type AmountValues = { amount: string };

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The amount form of one channel: quick amounts, live "you receive" after the fee, and checks
 * against the channel's limits before anything is sent. Gateway orders open the pay page in
 * the same tab; manual orders hand the transfer details to `onManualOrder`.
 */
export function DepositForm({ channel, onManualOrder }: { channel: DepositChannel; onManualOrder: (order: DepositOrder) => void }) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const mutation = useCreateDepositOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  // One key per intended deposit: a double click or a retry of the same amount after a network
  // error reuses it; another amount is another deposit and gets a new key.
  const attempt = useRef<{ key: string; amount: string } | null>(null);
  const money = { currency: channel.currency, scale: channel.scale };
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AmountValues>({ mode: 'onTouched', defaultValues: { amount: '' } });
  const amountMinor = toMinor(watch('amount') ?? '', channel.scale);
  const fee = amountMinor === null ? null : feeMinor(amountMinor, channel);

  function validate(value: string): true | string {
    if (!value.trim()) return t('errors.required');
    const minor = toMinor(value, channel.scale);
    if (minor === null || !createDepositOrderBodySchema.shape.amount.safeParse(value.trim().replace(',', '.')).success) {
      return t('errors.format', { scale: channel.scale });
    }
    if (minor < BigInt(channel.minMinor)) return t('errors.min', { min: formatMoney(channel.min, money) });
    if (minor > BigInt(channel.maxMinor)) return t('errors.max', { max: formatMoney(channel.max, money) });
    if (minor - feeMinor(minor, channel) <= 0n) return t('errors.fee');
    return true;
  }

  function onSubmit(values: AmountValues) {
    setFormError(null);
    const minor = toMinor(values.amount, channel.scale);
    if (minor === null) return;
    const amount = toDecimal(minor, channel.scale);
    if (attempt.current?.amount !== amount) attempt.current = { key: newIdempotencyKey(), amount };
    mutation.mutate(
      { channelId: channel.id, amount, idempotencyKey: attempt.current.key },
      {
        onSuccess: (order) => {
          attempt.current = null;
          if (order.type === 'gateway' && order.payUrl) {
            setRedirecting(true);
            window.location.assign(order.payUrl);
            return;
          }
          onManualOrder(order);
        },
        onError: (error) => setFormError(translateError(error)),
      },
    );
  }

  return (
    <form className="deposit-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('amountPlaceholder')}
        error={errors.amount?.message}
        hint={amountMinor !== null && fee !== null && amountMinor > fee ? t('youReceive', { amount: formatMoney(toDecimal(amountMinor - fee, channel.scale), money) }) : undefined}
        {...register('amount', { validate })}
      />
      <div className="deposit-quick" role="group" aria-label={t('quickAmounts')}>
        {quickAmounts(channel).map((amount) => (
          <button
            key={amount}
            type="button"
            className="deposit-quick__item"
            onClick={() => setValue('amount', amount, { shouldValidate: true, shouldTouch: true })}
          >
            {formatMoney(amount, money)}
          </button>
        ))}
      </div>
      <FormError message={formError} />
      <Button type="submit" variant="money" block size="lg" loading={mutation.isPending || isRedirecting}>
        {isRedirecting ? t('redirecting') : channel.type === 'gateway' ? t('submitGateway') : t('submitManual')}
      </Button>
    </form>
  );
}
