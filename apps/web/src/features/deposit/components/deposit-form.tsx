import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@wps/shared/money';
import type { DepositChannel, DepositOrder } from '@wps/shared/schemas/deposit';
import { parseTypedAmount } from '@wps/shared/schemas/typed-amount';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { FormError } from '@wps/ui/form-error';
import { createFormResolver } from '../../../components/form/form-resolver';
import { preselectDepositOptIn, useDepositOptIn } from '../../../lib/deposit-opt-in';
import { useCreateDepositOrder } from '../api/create-deposit-order';
import { useDepositOffers } from '../api/list-deposit-offers';
import { createDepositFormSchema, feeMinor, quickAmounts } from '../deposit-amount';

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The amount form of one channel: quick amounts, live "you receive" after the fee, and checks
 * against the channel's limits before anything is sent. Gateway orders open the pay page in
 * the same tab; manual orders and PIX charges hand the order to `onManualOrder`, whose details the page shows.
 */
export function DepositForm({
  channel,
  onManualOrder,
}: {
  channel: DepositChannel;
  onManualOrder: (order: DepositOrder) => void;
}) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const { locale } = useFormats();
  const mutation = useCreateDepositOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  // One key per intended deposit: a double click or a retry of the same amount after a network
  // error reuses it; another amount is another deposit and gets a new key.
  const attempt = useRef<{ key: string; amount: string } | null>(null);
  const money = { currency: channel.currency, scale: channel.scale };
  // Built each render, so the messages follow the language (react-hook-form reads the latest).
  const resolver = createFormResolver(createDepositFormSchema(channel, locale), ({ reason }) => {
    if (reason === 'required') return t('errors.required');
    if (reason === 'min') return t('errors.min', { min: formatMoney(channel.min, money) });
    if (reason === 'max') return t('errors.max', { max: formatMoney(channel.max, money) });
    if (reason === 'fee') return t('errors.fee');
    return t('errors.format', { scale: channel.scale });
  });
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm({ mode: 'onTouched', defaultValues: { amount: '' }, resolver });
  // The opt-ins of promotions paid on this deposit only when ticked; the one whose page opened the
  // form comes ticked. Sent with the order, they are the promotions' joins its credit is paid under.
  const offers = useDepositOffers().data ?? [];
  const preselected = useDepositOptIn();
  const [optIns, setOptIns] = useState<ReadonlySet<string>>(() => new Set(preselected ? [preselected] : []));
  const toggleOptIn = (promotionId: string, on: boolean) =>
    setOptIns((previous) => {
      const next = new Set(previous);
      if (on) next.add(promotionId);
      else next.delete(promotionId);
      return next;
    });
  const amountMinor = parseTypedAmount(useWatch({ control, name: 'amount' }), channel.scale, locale);
  const fee = amountMinor === null ? null : feeMinor(amountMinor, channel);

  function onSubmit(values: { amount: bigint }) {
    setFormError(null);
    const amount = formatMinor(values.amount, channel.scale);
    if (attempt.current?.amount !== amount) attempt.current = { key: newIdempotencyKey(), amount };
    const optInPromotionIds = offers.filter((o) => optIns.has(o.promotionId)).map((o) => o.promotionId);
    mutation.mutate(
      {
        channelId: channel.id,
        amount,
        idempotencyKey: attempt.current.key,
        ...(optInPromotionIds.length > 0 ? { optInPromotionIds } : {}),
      },
      {
        onSuccess: (order) => {
          attempt.current = null;
          preselectDepositOptIn(null);
          // A PIX charge is paid from the player's bank app: its code is shown here, not a pay page.
          if (order.type === 'gateway' && order.payUrl && !order.pixCode) {
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
    <form className="deposit-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        label={t('amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('amountPlaceholder')}
        error={errors.amount?.message}
        hint={
          amountMinor !== null && fee !== null && amountMinor > fee
            ? t('youReceive', { amount: formatMoney(formatMinor(amountMinor - fee, channel.scale), money) })
            : undefined
        }
        {...register('amount')}
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
      {offers.length > 0 && (
        <fieldset className="deposit-opt-ins">
          <legend>{t('optIns')}</legend>
          {offers.map((offer) => (
            <label key={offer.promotionId} className="deposit-opt-ins__item">
              <input
                type="checkbox"
                checked={optIns.has(offer.promotionId)}
                onChange={(event) => toggleOptIn(offer.promotionId, event.target.checked)}
              />
              {offer.title}
            </label>
          ))}
          <p className="deposit-opt-ins__hint">{t('optInHint')}</p>
        </fieldset>
      )}
      <FormError message={formError} />
      <Button type="submit" variant="money" block size="lg" loading={mutation.isPending || isRedirecting}>
        {isRedirecting ? t('redirecting') : channel.type === 'gateway' ? t('submitGateway') : t('submitManual')}
      </Button>
    </form>
  );
}
