import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { getToken } from '../../lib/session-storage';
import { BALANCE_QUERY_KEY } from '../../lib/api/get-balance';
import {
  DEPOSIT_ORDERS_PAGE_SIZE,
  DEPOSIT_ORDERS_QUERY_KEY,
  depositOrdersQueryOptions,
} from './api/list-deposit-orders';

/** The query parameter the payment gateway's return URL carries (`/?depositOrder=<id>`). */
export const DEPOSIT_RETURN_PARAM = 'depositOrder';

/**
 * Back from the gateway's pay page: refresh the balance, the orders and the notices, show the
 * deposit page through `showDepositPage` (the app opens its member centre there; its list keeps
 * polling while the order is pending), say how the payment went, and drop the parameter from the
 * address bar.
 */
export function useDepositReturn(showDepositPage: () => void): void {
  const { t } = useTranslation('deposit');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const orderId = params.get(DEPOSIT_RETURN_PARAM);
  // The effect can run again before the parameter is gone from the address (another hook on the
  // search parameters re-renders the app meanwhile): one return is handled, and told, once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!orderId || handled.current === orderId) return;
    handled.current = orderId;
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['member', 'notices'] });
    void queryClient
      .fetchQuery({ ...depositOrdersQueryOptions(getToken(), 1, DEPOSIT_ORDERS_PAGE_SIZE), staleTime: 0 })
      .then((page) => {
        const order = page.list.find((o) => o.id === orderId);
        if (order?.status === 'credited') toast.success(t('returned.credited'));
        else if (order?.status === 'pending') toast.info(t('returned.pending'));
        else if (order) toast.error(t('returned.failed'));
      })
      .catch(() => queryClient.invalidateQueries({ queryKey: DEPOSIT_ORDERS_QUERY_KEY }));
    showDepositPage();
    const next = new URLSearchParams(params);
    next.delete(DEPOSIT_RETURN_PARAM);
    setParams(next, { replace: true });
  }, [orderId, params, setParams, queryClient, t, showDepositPage]);
}
