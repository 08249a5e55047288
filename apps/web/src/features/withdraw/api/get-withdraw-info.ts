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
  });
}

/** The withdraw page's data. */
export function useWithdrawInfo() {
  return useQuery(withdrawInfoQueryOptions(useToken()));
}
