import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawInfo } from '@wps/shared/schemas/withdrawal';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/withdraw/info (token): withdrawable balance, limits, bank accounts and recent orders. */
export function getWithdrawInfo(): Promise<WithdrawInfo> {
  return apiRequest<WithdrawInfo>('/wps/withdraw/info');
}

/** Under ['member'], so logout forgets it and every money action refreshes it with the balance. */
export function withdrawInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'withdraw', token],
    queryFn: getWithdrawInfo,
    enabled: token !== null,
    // While an order awaits the operator or the player, look again now and then: a decision
    // shows (and a rejection's refund reaches the header balance) without a reload.
    refetchInterval: (query) =>
      query.state.data?.orders.some((o) => o.status === 'pending' || o.status === 'approved') ? POLL_MS : false,
  });
}

const POLL_MS = 10_000;

/** The withdraw page's data. */
export function useWithdrawInfo() {
  return useQuery(withdrawInfoQueryOptions(useToken()));
}
