import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RedeemList } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export const REDEEM_PAGE_SIZE = 10;

/** POST /wps/relay/MCS2_getRedeemPointList (token): the member's redemptions, newest first. */
export function getRedeemList(page: number): Promise<RedeemList> {
  return apiRequest<RedeemList>('/wps/relay/MCS2_getRedeemPointList', {
    method: 'POST',
    body: { page, pageSize: REDEEM_PAGE_SIZE },
  });
}

/** Under ['member']: a redeem adds a row; an operator's decision shows on the next look. */
export function redeemListQueryOptions(token: string | null, page: number) {
  return queryOptions({
    queryKey: ['member', 'points', 'redemptions', token, page],
    queryFn: () => getRedeemList(page),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    // While one waits for the operator, look again now and then: the decision shows without a reload.
    refetchInterval: (query) => (query.state.data?.list.some((r) => r.status === 'in_process') ? 10_000 : false),
  });
}

export function useRedeemList(page: number) {
  return useQuery(redeemListQueryOptions(useToken(), page));
}
