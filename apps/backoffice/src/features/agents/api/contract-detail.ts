import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsContractDetail } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/contracts/:contractId (agents.read): the contract, its steps and the downline's contracts of that type. */
export function fetchContractDetail(contractId: string): Promise<OpsContractDetail> {
  return opsRequest<OpsContractDetail>(`/ops/agents/contracts/${encodeURIComponent(contractId)}`);
}

export function contractDetailQuery(contractId: string) {
  return queryOptions({
    queryKey: [...agentsKey, 'contract', contractId],
    queryFn: () => fetchContractDetail(contractId),
  });
}

export function useContractDetail(contractId: string) {
  return useQuery(contractDetailQuery(contractId));
}
