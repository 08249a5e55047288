import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RankList } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/relay/GCSGAME_getRankList (public): the winners board. */
export function getRankList(): Promise<RankList> {
  return apiRequest<RankList>('/wps/relay/GCSGAME_getRankList', { method: 'POST', body: { size: 10 } });
}

/** Refreshed every minute while shown. */
export function rankListQueryOptions() {
  return queryOptions({
    queryKey: ['lobby', 'winners'],
    queryFn: getRankList,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** The biggest recent wins. */
export function useRankList() {
  return useQuery(rankListQueryOptions());
}
