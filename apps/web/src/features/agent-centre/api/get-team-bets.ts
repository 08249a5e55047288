import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamBetsPage } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/bets (token, agents only): the team's rounds, by member and time, with totals. */
export function getTeamBets(query: Record<string, QueryValue>): Promise<TeamBetsPage> {
  return apiRequest<TeamBetsPage>('/wps/agent/centre/bets', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function teamBetsQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'bets', token, query],
    queryFn: () => getTeamBets(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTeamBets(query: Record<string, QueryValue>) {
  return useQuery(teamBetsQueryOptions(useToken(), query));
}
