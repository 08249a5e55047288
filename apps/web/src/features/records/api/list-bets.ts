import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type BetFilter = {
  category?: string | undefined;
  vassalage?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
};

/** GET /wps/bet-record (token): the betting record, newest first. */
export function listBets(filter: BetFilter): Promise<BetRecordPage> {
  return apiRequest<BetRecordPage>('/wps/bet-record', { query: filter });
}

/** Keyed by the whole filter; the previous page stays on screen while the next loads. */
export function betsQueryOptions(token: string | null, filter: BetFilter) {
  return queryOptions({
    queryKey: ['member', 'bet-record', token, filter],
    queryFn: () => listBets(filter),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the betting record. */
export function useBets(filter: BetFilter) {
  return useQuery(betsQueryOptions(useToken(), filter));
}
