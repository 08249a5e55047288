import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamPage } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/team (token, agents only): the direct downlines with their branch's size and this month's figures. */
export function getTeam(query: Record<string, QueryValue>): Promise<TeamPage> {
  return apiRequest<TeamPage>('/wps/agent/centre/team', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function teamQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'team', token, query],
    queryFn: () => getTeam(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTeam(query: Record<string, QueryValue>) {
  return useQuery(teamQueryOptions(useToken(), query));
}
