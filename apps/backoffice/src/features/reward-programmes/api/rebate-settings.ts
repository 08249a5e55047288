import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RebateSettings, RebateSettingsUpdate } from '@wps/shared/schemas/rebate';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const rebateSettingsKey = ['ops', 'rebate-settings'] as const;

/** GET /ops/rebate/settings: the switch, the period, claimed or paid automatically, the rates per category. */
export const rebateSettingsQuery = queryOptions({
  queryKey: rebateSettingsKey,
  queryFn: () => opsRequest<RebateSettings>('/ops/rebate/settings'),
});

export function useRebateSettings() {
  return useQuery(rebateSettingsQuery);
}

/** PUT /ops/rebate/settings (rewards.write, audited with the reason). */
export function useSaveRebateSettings(successText: () => string) {
  return useOpsMutation({
    mutationFn: (body: RebateSettingsUpdate) =>
      opsRequest<RebateSettings>('/ops/rebate/settings', { method: 'PUT', body }),
    invalidates: [rebateSettingsKey],
    successText,
  });
}
