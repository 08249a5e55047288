import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RebateSettingsResult, RebateSettingsUpdate, RebateSettingsView } from '@wps/shared/schemas/rebate';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const rebateSettingsKey = ['ops', 'rebate-settings'] as const;

/**
 * GET /ops/rebate/settings: the switch, the period, claimed or paid automatically, the rates per
 * category (those in force), and the raise waiting for a second operator, if any.
 */
export const rebateSettingsQuery = queryOptions({
  queryKey: rebateSettingsKey,
  queryFn: () => opsRequest<RebateSettingsView>('/ops/rebate/settings'),
});

export function useRebateSettings() {
  return useQuery(rebateSettingsQuery);
}

/** PUT /ops/rebate/settings (rewards.write, audited with the reason): what pays less at once, a raise left waiting. */
export function useSaveRebateSettings(successText: (result: RebateSettingsResult) => string) {
  return useOpsMutation({
    mutationFn: (body: RebateSettingsUpdate) =>
      opsRequest<RebateSettingsResult>('/ops/rebate/settings', { method: 'PUT', body }),
    invalidates: [rebateSettingsKey],
    successText,
  });
}

/** POST /ops/rebate/setting-changes/:id/approve or /reject (adjustments.approve), never by the asker. */
export function useDecideRebateChange(successText: (decision: 'approve' | 'reject') => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      opsRequest<RebateSettingsView>(`/ops/rebate/setting-changes/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [rebateSettingsKey],
    successText: (_result, { decision }) => successText(decision),
  });
}
