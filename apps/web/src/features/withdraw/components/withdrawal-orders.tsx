import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import { orderStateKey } from '../format';
import { NotReceivedDialog } from './not-received-dialog';

type Props = { orders: WithdrawalOrder[]; currency: string; scale: number; autoReceiptMinutes: number };

/** The player's recent withdrawals; approved ones offer received / not received / fully paid. */
export function WithdrawalOrders({ orders, currency, scale, autoReceiptMinutes }: Props) {
  const { t } = useTranslation('withdraw');
  const format = useFormatMoney();
  const { dateTime: formatDateTime } = useFormats();
  const confirm = useConfirmWithdrawal();
  const [disputeOrder, setDisputeOrder] = useState<WithdrawalOrder | null>(null);

  function onConfirm(order: WithdrawalOrder, result: 'received' | 'fully_paid') {
    confirm.mutate(
      { id: order.id, result },
      {
        onSuccess: () => toast.success(t(result === 'received' ? 'orders.receivedDone' : 'orders.fullyPaidDone')),
        onError: (error) => toast.error(translateError(error)),
      },
    );
  }

  return (
    <section className="wd-orders" aria-labelledby="wd-orders-title">
      <h3 id="wd-orders-title" className="wd-orders__title">
        {t('orders.title')}
      </h3>
      {orders.length === 0 ? (
        <p className="wd-empty">{t('orders.empty')}</p>
      ) : (
        <ul className="wd-orders__list">
          {orders.map((order) => {
            const busy = confirm.isPending && confirm.variables?.id === order.id;
            return (
              <li
                key={order.id}
                className={`wd-order wd-order--${order.status}`}
                data-testid={`withdrawal-${order.id}`}
              >
                <div className="wd-order__head">
                  <span className="wd-order__amount wd-money">{format(order.amount, { currency, scale })}</span>
                  <span className={`wd-badge wd-badge--${order.status}`} data-testid="withdrawal-status">
                    {t(orderStateKey(order))}
                  </span>
                </div>
                <p className="wd-order__meta">
                  <span>{formatDateTime(order.createdAt)}</span>
                  <span>
                    {order.pixKeyMasked
                      ? `PIX · ${order.pixKeyMasked}`
                      : `${order.bankName} · ${order.accountNumberMasked}`}
                  </span>
                </p>
                {/* When each step happened: asked, being processed, paid or refused, receipt confirmed. */}
                <ol className="wd-order__times" aria-label={t('orders.timeline')} data-testid="withdrawal-times">
                  <li>{t('orders.requestedAt', { time: formatDateTime(order.createdAt) })}</li>
                  {order.status === 'pending' && <li>{t('orders.processing')}</li>}
                  {order.approvedAt && <li>{t('orders.paidAt', { time: formatDateTime(order.approvedAt) })}</li>}
                  {order.rejectedAt && <li>{t('orders.refusedAt', { time: formatDateTime(order.rejectedAt) })}</li>}
                  {order.confirmedAt && <li>{t('orders.confirmedAt', { time: formatDateTime(order.confirmedAt) })}</li>}
                </ol>
                {order.status === 'rejected' && order.rejectReason && (
                  <p className="wd-order__reason">{t('orders.reason', { reason: order.rejectReason })}</p>
                )}
                {order.status === 'disputed' && (
                  <p className="wd-order__reason">{t('orders.disputedHint', { count: order.proofCount })}</p>
                )}
                {order.status === 'approved' && (
                  <>
                    <p className="wd-order__deadline">
                      {t('orders.confirmBy', {
                        time: order.confirmDeadline ? formatDateTime(order.confirmDeadline) : '',
                        minutes: autoReceiptMinutes,
                      })}
                    </p>
                    <div className="wd-order__actions" role="group" aria-label={t('orders.confirmLabel')}>
                      <Button
                        size="sm"
                        variant="money"
                        loading={busy && confirm.variables?.result === 'received'}
                        disabled={busy}
                        onClick={() => onConfirm(order, 'received')}
                      >
                        {t('orders.received')}
                      </Button>
                      <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDisputeOrder(order)}>
                        {t('orders.notReceived')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={busy && confirm.variables?.result === 'fully_paid'}
                        disabled={busy}
                        onClick={() => onConfirm(order, 'fully_paid')}
                      >
                        {t('orders.fullyPaid')}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {disputeOrder && <NotReceivedDialog order={disputeOrder} onClose={() => setDisputeOrder(null)} />}
    </section>
  );
}
