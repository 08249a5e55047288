import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import { apiRequest } from '../api-client';
import { useToken } from '../session-storage';

/** GET /wps/v2/wallets/balance (token): sumBalance as an exact decimal string. */
export function getBalance(): Promise<BalanceResult> {
  return apiRequest<BalanceResult>('/wps/v2/wallets/balance');
}

/** Query key prefix money actions invalidate so the header balance refreshes. */
export const BALANCE_QUERY_KEY = ['member', 'balance'] as const;

export function balanceQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...BALANCE_QUERY_KEY, token],
    queryFn: getBalance,
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** The member's total balance. */
export function useBalance() {
  return useQuery(balanceQueryOptions(useToken()));
}
