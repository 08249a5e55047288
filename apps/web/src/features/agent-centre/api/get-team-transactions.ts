import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamTransactionsPage } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/transactions (token, agents only): the downlines' money movements (account details). */
export function getTeamTransactions(query: Record<string, QueryValue>): Promise<TeamTransactionsPage> {
  return apiRequest<TeamTransactionsPage>('/wps/agent/centre/transactions', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function teamTransactionsQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'transactions', token, query],
    queryFn: () => getTeamTransactions(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTeamTransactions(query: Record<string, QueryValue>) {
  return useQuery(teamTransactionsQueryOptions(useToken(), query));
}
