import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import { Pager } from '@wps/ui/pager';
import { useFormatMoney } from '../../../lib/money';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { DEPOSIT_ORDERS_PAGE_SIZE, useDepositOrders } from '../api/list-deposit-orders';
import { useFormatDateTime } from '../../../lib/date-format';

/** Notices live under this key (features/messages); refreshed when a deposit settles. */
const NOTICES_KEY = ['member', 'notices'] as const;

/**
 * The player's deposits with their status, newest first, paged. Settled deposits refresh the
 * balance. A pending PIX charge can be shown again; a returned payment says why it was not credited.
 */
export function DepositOrderList({ onShowPix }: { onShowPix: (order: DepositOrder) => void }) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const orders = useDepositOrders(page, DEPOSIT_ORDERS_PAGE_SIZE);
  const settledRef = useRef<string | null>(null);

  // When an order settles (webhook, operator, expiry) the balance and notices changed too.
  const settled =
    orders.data?.list
      .filter((o) => o.status !== 'pending')
      .map((o) => `${o.id}:${o.status}`)
      .join(',') ?? null;
  useEffect(() => {
    if (settled === null) return;
    if (settledRef.current !== null && settledRef.current !== settled) {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    }
    settledRef.current = settled;
  }, [settled, queryClient]);

  return (
    <section className="deposit-orders" aria-labelledby="deposit-orders-title">
      <h3 id="deposit-orders-title" className="deposit-orders__title">
        {t('orders.title')}
      </h3>
      {orders.isPending ? (
        <div className="deposit-orders__skeleton" aria-busy="true">
          <span className="visually-hidden">{t('orders.loading')}</span>
          <span />
          <span />
          <span />
        </div>
      ) : !orders.data || orders.data.list.length === 0 ? (
        <p className="deposit-orders__empty">{t('orders.empty')}</p>
      ) : (
        <>
          <ul className="deposit-orders__list" data-testid="deposit-orders">
            {orders.data.list.map((order) => (
              <li
                key={order.id}
                className="deposit-order"
                data-status={order.status}
                data-testid={`deposit-order-${order.id}`}
              >
                <div className="deposit-order__main">
                  <span className="deposit-order__channel">{order.channelName}</span>
                  <span className="deposit-order__amount amount">
                    {formatMoney(order.amount, { currency: order.currency, scale: order.scale })}
                  </span>
                </div>
                <div className="deposit-order__meta">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                  <span>
                    {t('orders.reference')}: {order.referenceCode}
                  </span>
                  {order.feeMinor !== '0' && (
                    <span>
                      {t('orders.fee', {
                        fee: formatMoney(order.fee, { currency: order.currency, scale: order.scale }),
                      })}
                    </span>
                  )}
                </div>
                {order.status === 'returned' && (
                  <p className="deposit-order__why" data-testid={`deposit-order-why-${order.id}`}>
                    {t(
                      order.failureReason === 'payer_not_owner'
                        ? 'orders.why.payerNotOwner'
                        : 'orders.why.payerUnknown',
                      { payer: order.payerCpfMasked ?? '' },
                    )}{' '}
                    {order.returnedAt
                      ? t('orders.why.sentBack', { time: formatDateTime(order.returnedAt) })
                      : t('orders.why.sendingBack')}
                  </p>
                )}
                <div className="deposit-order__side">
                  <span className={`deposit-status deposit-status--${order.status}`}>
                    {t(`orders.statuses.${order.status}`)}
                  </span>
                  {order.pixCode ? (
                    <button type="button" className="deposit-order__pay" onClick={() => onShowPix(order)}>
                      {t('orders.showPix')}
                    </button>
                  ) : (
                    order.payUrl && (
                      <a className="deposit-order__pay" href={order.payUrl}>
                        {t('orders.continue')}
                      </a>
                    )
                  )}
                </div>
              </li>
            ))}
          </ul>
          {orders.data.totalPages > 1 && (
            <Pager
              className="deposit-orders__pager"
              variant="ghost"
              page={page}
              totalPages={orders.data.totalPages}
              onPage={setPage}
              pageLabel={t('orders.page', { page, total: orders.data.totalPages })}
              previousLabel={t('orders.previous')}
              nextLabel={t('orders.next')}
            />
          )}
        </>
      )}
    </section>
  );
}
