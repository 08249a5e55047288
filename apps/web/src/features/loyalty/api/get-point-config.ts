import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointConfig } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/MCS2_getPointConfig (token): earning rates, the member's VIP multiplier, the conversion rate. */
export function getPointConfig(): Promise<PointConfig> {
  return apiRequest<PointConfig>('/wps/relay/MCS2_getPointConfig', { method: 'POST' });
}

/** Under ['member']: the multiplier follows the member's VIP level. */
export function pointConfigQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'points', 'config', token],
    queryFn: getPointConfig,
    enabled: token !== null,
  });
}

export function usePointConfig() {
  return useQuery(pointConfigQueryOptions(useToken()));
}
