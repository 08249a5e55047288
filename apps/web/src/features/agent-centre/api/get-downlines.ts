import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DownlinesPage } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/downlines (token, agents only): everyone under the agent, searched by account prefix, by level, type and status. */
export function getDownlines(query: Record<string, QueryValue>): Promise<DownlinesPage> {
  return apiRequest<DownlinesPage>('/wps/agent/centre/downlines', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function downlinesQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'downlines', token, query],
    queryFn: () => getDownlines(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDownlines(query: Record<string, QueryValue>) {
  return useQuery(downlinesQueryOptions(useToken(), query));
}
