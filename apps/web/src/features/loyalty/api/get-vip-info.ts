import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipInfo } from '@wps/shared/schemas/vip';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/MCS2_getVipInfo (token): the member's level, the window's turnover and deposits, every level. */
export function getVipInfo(): Promise<VipInfo> {
  return apiRequest<VipInfo>('/wps/relay/MCS2_getVipInfo', { method: 'POST' });
}

/** Under ['member']: deposits and play move the bars. */
export function vipInfoQueryOptions(token: string | null) {
  return queryOptions({ queryKey: ['member', 'vip', token], queryFn: getVipInfo, enabled: token !== null });
}

export function useVipInfo() {
  return useQuery(vipInfoQueryOptions(useToken()));
}
