import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsolidatedFunds } from '@wps/shared/schemas/transfer';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/info/funds/consolidated (token): main wallet, pending withdrawals, contract flags. */
export function getConsolidatedFunds(): Promise<ConsolidatedFunds> {
  return apiRequest<ConsolidatedFunds>('/wps/member/info/funds/consolidated');
}

export function consolidatedFundsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'funds', token],
    queryFn: getConsolidatedFunds,
    enabled: token !== null,
  });
}

/** The member's balance summary. */
export function useConsolidatedFunds() {
  return useQuery(consolidatedFundsQueryOptions(useToken()));
}
