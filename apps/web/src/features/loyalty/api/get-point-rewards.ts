import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MallItem } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/MCS2_getPointReward (token): the mall's items. */
export function getPointRewards(): Promise<{ list: MallItem[] }> {
  return apiRequest<{ list: MallItem[] }>('/wps/relay/MCS2_getPointReward', { method: 'POST' });
}

/** Under ['member']: a redeem changes the stock it shows. */
export function pointRewardsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'points', 'rewards', token],
    queryFn: getPointRewards,
    enabled: token !== null,
  });
}

export function usePointRewards() {
  return useQuery(pointRewardsQueryOptions(useToken()));
}
