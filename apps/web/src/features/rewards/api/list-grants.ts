import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GrantList } from '@wps/shared/schemas/rewards';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export const GRANTS_QUERY_KEY = ['rewards', 'grants'] as const;

/** GET /wps/rewards/grants (token): the player's rewards, newest first, and how many wait for a claim. */
export function listGrants(page: number, pageSize: number): Promise<GrantList> {
  return apiRequest<GrantList>('/wps/rewards/grants', { query: { page, pageSize } });
}

export function grantsQueryOptions(token: string | null, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...GRANTS_QUERY_KEY, token, page, pageSize],
    queryFn: () => listGrants(page, pageSize),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the player's rewards. */
export function useGrants(page: number, pageSize = 10) {
  return useQuery(grantsQueryOptions(useToken(), page, pageSize));
}
