import { useQuery } from '@tanstack/react-query';
import type { OpsMission } from '@wps/shared/schemas/missions';
import type { OpsMallItem } from '@wps/shared/schemas/points';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const awaitingMissionsKey = ['ops', 'missions', 'awaiting'] as const;
export const awaitingMallItemsKey = ['ops', 'points', 'items', 'awaiting'] as const;

/** GET /ops/missions/awaiting (adjustments.approve): missions switched on above a set-up ceiling, oldest first. */
export function useAwaitingMissions() {
  return useQuery({
    queryKey: awaitingMissionsKey,
    queryFn: () => opsRequest<{ list: OpsMission[] }>('/ops/missions/awaiting').then((r) => r.list),
  });
}

/** GET /ops/points/items/awaiting (adjustments.approve): mall items offered above a set-up ceiling, oldest first. */
export function useAwaitingMallItems() {
  return useQuery({
    queryKey: awaitingMallItemsKey,
    queryFn: () => opsRequest<{ list: OpsMallItem[] }>('/ops/points/items/awaiting').then((r) => r.list),
  });
}

export type DecideSetupInput = { id: string; decision: 'approve' | 'reject'; reason: string };

/**
 * POST /ops/missions/:id/approve|reject (adjustments.approve): a second operator lets a waiting
 * mission go live or turns it down (back to off); never the operator who asked. Audited.
 */
export function useDecideMission(successText: (mission: OpsMission) => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: DecideSetupInput) =>
      opsRequest<OpsMission>(`/ops/missions/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [awaitingMissionsKey, ['ops', 'missions']],
    successText,
  });
}

/** POST /ops/points/items/:id/approve|reject (adjustments.approve): offered in the mall, or archived. Audited. */
export function useDecideMallItem(successText: (item: OpsMallItem) => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: DecideSetupInput) =>
      opsRequest<OpsMallItem>(`/ops/points/items/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [awaitingMallItemsKey, ['ops', 'points', 'items']],
    successText,
  });
}
