import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsVipSettings } from '@wps/shared/schemas/vip';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const vipSettingsKey = ['ops', 'vip'] as const;

/** GET /ops/vip (loyalty.read): the window, the review period and every level. */
export function fetchVipSettings(): Promise<OpsVipSettings> {
  return opsRequest<OpsVipSettings>('/ops/vip');
}

export const vipSettingsQuery = queryOptions({ queryKey: vipSettingsKey, queryFn: fetchVipSettings });

export function useVipSettings() {
  return useQuery(vipSettingsQuery);
}

/** PUT /ops/vip (loyalty.write): every level at once; audited. */
export function saveVipSettings(body: OpsVipSettings): Promise<OpsVipSettings> {
  return opsRequest<OpsVipSettings>('/ops/vip', { method: 'PUT', body });
}

export function useSaveVipSettings(successText: string) {
  return useOpsMutation({ mutationFn: saveVipSettings, invalidates: [vipSettingsKey], successText: () => successText });
}
