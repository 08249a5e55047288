import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseContractChanges } from '@wps/shared/schemas/agent-ops';
import type { HouseContractChange } from '@wps/shared/schemas/agents';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

/** GET /ops/agents/contract-changes (agents.read): house contracts waiting for a second operator. */
export const houseContractChangesQuery = queryOptions({
  queryKey: [...agentsKey, 'contract-changes'],
  queryFn: () => opsRequest<HouseContractChanges>('/ops/agents/contract-changes'),
});

export function useHouseContractChanges() {
  return useQuery(houseContractChangesQuery);
}

/** POST /ops/agents/contract-changes/:id/approve or /reject (adjustments.approve), never by the asker. */
export function useDecideHouseContractChange(successText: (decision: 'approve' | 'reject') => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      opsRequest<HouseContractChange>(`/ops/agents/contract-changes/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [agentsKey],
    successText: (_result, { decision }) => successText(decision),
  });
}
