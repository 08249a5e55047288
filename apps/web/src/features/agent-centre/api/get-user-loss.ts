import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLossPage } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/user-loss (token, agents only): each member's P&L statement over a range of days. */
export function getUserLoss(query: Record<string, QueryValue>): Promise<UserLossPage> {
  return apiRequest<UserLossPage>('/wps/agent/centre/user-loss', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function userLossQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'user-loss', token, query],
    queryFn: () => getUserLoss(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUserLoss(query: Record<string, QueryValue>) {
  return useQuery(userLossQueryOptions(useToken(), query));
}
