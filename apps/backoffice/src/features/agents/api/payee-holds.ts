import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayeeHold } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/holds (agents.read): the holds on payees, the active ones only when asked. */
export function fetchPayeeHolds(activeOnly: boolean): Promise<PayeeHold[]> {
  return opsRequest<PayeeHold[]>(`/ops/agents/holds${activeOnly ? '?active=true' : ''}`);
}

export function payeeHoldsQuery(activeOnly: boolean) {
  return queryOptions({ queryKey: [...agentsKey, 'holds', activeOnly], queryFn: () => fetchPayeeHolds(activeOnly) });
}

export function usePayeeHolds(activeOnly: boolean) {
  return useQuery(payeeHoldsQuery(activeOnly));
}
