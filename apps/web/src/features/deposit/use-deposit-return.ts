import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BALANCE_QUERY_KEY } from '../member/api/get-balance';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { DEPOSIT_ORDERS_QUERY_KEY } from './api/list-deposit-orders';

/** The query parameter the payment gateway's return URL carries (`/?depositOrder=<id>`). */
export const DEPOSIT_RETURN_PARAM = 'depositOrder';

/**
 * Back from the gateway's pay page: refresh the balance, the orders and the notices, show the
 * deposit page (its list shows the order's status and keeps polling while it is pending), and
 * drop the parameter from the address bar.
 */
export function useDepositReturn(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const orderId = params.get(DEPOSIT_RETURN_PARAM);

  useEffect(() => {
    if (!orderId) return;
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: DEPOSIT_ORDERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['member', 'notices'] });
    openMemberCentre('depositv2');
    const next = new URLSearchParams(params);
    next.delete(DEPOSIT_RETURN_PARAM);
    setParams(next, { replace: true });
  }, [orderId, params, setParams, queryClient]);
}
