import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Adjustment, AdjustmentRequestBody, AdjustmentSettings } from '@wps/shared/schemas/player-actions';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { playerKey } from './keyset-list';

export const adjustmentsKey = ['ops', 'adjustments'] as const;

/** GET /ops/adjustments: newest first; `status=pending` is the approval queue. */
export const adjustmentsQuery = (filters: { status?: string; memberId?: string; cursor?: string }) => {
  const search = new URLSearchParams({ limit: '20' });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  return queryOptions({
    queryKey: [...adjustmentsKey, search.toString()],
    queryFn: () =>
      opsRequest<{ list: Adjustment[]; nextCursor: string | null }>(`/ops/adjustments?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
};

export function useAdjustments(filters: { status?: string; memberId?: string; cursor?: string }) {
  return useQuery(adjustmentsQuery(filters));
}

/** GET /ops/adjustment-settings: above this amount (the operator money policy's amount of one request) an adjustment waits. */
export const adjustmentSettingsQuery = queryOptions({
  queryKey: [...adjustmentsKey, 'settings'],
  queryFn: () => opsRequest<AdjustmentSettings>('/ops/adjustment-settings'),
});

export function useAdjustmentSettings() {
  return useQuery(adjustmentSettingsQuery);
}

/** POST /ops/players/:memberId/adjustments. */
export function useRequestAdjustment(memberId: string, successText: (result: Adjustment) => string) {
  return useOpsMutation({
    mutationFn: (body: AdjustmentRequestBody) =>
      opsRequest<Adjustment>(`/ops/players/${encodeURIComponent(memberId)}/adjustments`, { method: 'POST', body }),
    invalidates: [playerKey(memberId), adjustmentsKey],
    successText,
  });
}

/** POST /ops/adjustments/:id/approve or /reject, by an operator other than the requester. */
export function useDecideAdjustment(successText: (result: Adjustment) => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      opsRequest<Adjustment>(`/ops/adjustments/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [adjustmentsKey, ['ops', 'players']],
    successText,
  });
}
