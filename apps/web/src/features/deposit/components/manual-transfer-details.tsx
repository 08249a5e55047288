import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import { Button } from '@wps/ui/button';
import { useFormatMoney } from '../../../lib/money';
import { useFormatDateTime } from '../../../lib/date-format';
import { copy } from '../copy';

/** What a manual bank-transfer order needs from the player: where to send, how much, and the reference. */
export function ManualTransferDetails({ order, onDone }: { order: DepositOrder; onDone: () => void }) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const amount = formatMoney(order.amount, { currency: order.currency, scale: order.scale });
  if (!order.bank) return null;
  const rows: { id: string; label: string; value: string; copyValue: string }[] = [
    { id: 'bankName', label: t('manual.bankName'), value: order.bank.bankName, copyValue: order.bank.bankName },
    {
      id: 'accountNumber',
      label: t('manual.accountNumber'),
      value: order.bank.accountNumber,
      copyValue: order.bank.accountNumber,
    },
    {
      id: 'accountHolder',
      label: t('manual.accountHolder'),
      value: order.bank.accountHolder,
      copyValue: order.bank.accountHolder,
    },
    { id: 'amount', label: t('manual.amount'), value: amount, copyValue: order.amount },
    { id: 'reference', label: t('manual.reference'), value: order.referenceCode, copyValue: order.referenceCode },
  ];

  return (
    <section className="deposit-manual" aria-labelledby="deposit-manual-title" data-testid="manual-transfer">
      <h3 id="deposit-manual-title" className="deposit-manual__title">
        {t('manual.title')}
      </h3>
      <p className="deposit-manual__intro">{t('manual.intro', { amount })}</p>
      <dl className="deposit-manual__list">
        {rows.map((row) => (
          <div key={row.id} className={`deposit-manual__row${row.id === 'reference' ? ' is-reference' : ''}`}>
            <dt>{row.label}</dt>
            <dd>
              <span className="deposit-manual__value" data-testid={`manual-${row.id}`}>
                {row.value}
              </span>
              <button
                type="button"
                className="deposit-manual__copy"
                aria-label={t('manual.copyLabel', { field: row.label })}
                onClick={() =>
                  void copy(row.copyValue, t('manual.copied', { field: row.label }), t('manual.copyFailed'))
                }
              >
                {t('manual.copy')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="deposit-manual__expires">{t('manual.expires', { time: formatDateTime(order.expiresAt) })}</p>
      <Button variant="secondary" block onClick={onDone}>
        {t('manual.done')}
      </Button>
    </section>
  );
}
