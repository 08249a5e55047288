import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BetProfitResult } from '@wps/shared/schemas/bet-record';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type ProfitFilter = {
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  utcOffsetMinutes: number;
};

/** GET /wps/bet-record/profit (token): profit and loss by local day and by category. */
export function getProfit(filter: ProfitFilter): Promise<BetProfitResult> {
  return apiRequest<BetProfitResult>('/wps/bet-record/profit', { query: filter });
}

export function profitQueryOptions(token: string | null, filter: ProfitFilter) {
  return queryOptions({
    queryKey: ['member', 'bet-profit', token, filter],
    queryFn: () => getProfit(filter),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The player's profit and loss over a period. */
export function useProfit(filter: ProfitFilter) {
  return useQuery(profitQueryOptions(useToken(), filter));
}
