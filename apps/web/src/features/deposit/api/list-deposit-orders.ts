import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositOrder, Paged } from '@wps/shared/schemas/deposit';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** Query key prefix for the player's deposit orders; money actions invalidate it. */
export const DEPOSIT_ORDERS_QUERY_KEY = ['member', 'deposit', 'orders'] as const;

/** Orders per page in the deposit page's list (the gateway return reads the same first page). */
export const DEPOSIT_ORDERS_PAGE_SIZE = 5;

/** While an order is pending the list is polled (a gateway answers in seconds, an operator in minutes). */
const GATEWAY_POLL_MS = 4_000;
const MANUAL_POLL_MS = 10_000;

/** GET /wps/deposit/orders (token): the player's orders, newest first. */
export function listDepositOrders(page: number, pageSize: number): Promise<Paged<DepositOrder>> {
  return apiRequest<Paged<DepositOrder>>('/wps/deposit/orders', { query: { page, pageSize } });
}

export function depositOrdersQueryOptions(token: string | null, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...DEPOSIT_ORDERS_QUERY_KEY, token, page, pageSize],
    queryFn: () => listDepositOrders(page, pageSize),
    enabled: token !== null,
    // Pending orders resolve elsewhere (webhook, operator): keep looking until they do.
    refetchInterval: (query) => {
      const pending = query.state.data?.list.filter((o) => o.status === 'pending') ?? [];
      if (pending.some((o) => o.type === 'gateway')) return GATEWAY_POLL_MS;
      return pending.length > 0 ? MANUAL_POLL_MS : false;
    },
  });
}

/** One page of the player's deposit orders. */
export function useDepositOrders(page: number, pageSize = 10) {
  return useQuery(depositOrdersQueryOptions(useToken(), page, pageSize));
}
