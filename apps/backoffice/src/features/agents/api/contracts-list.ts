import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsContractsPage } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/contracts (agents.read): every agent's contracts, filtered by type, status, upline and downline. */
export function fetchContracts(query: URLSearchParams): Promise<OpsContractsPage> {
  return opsRequest<OpsContractsPage>(`/ops/agents/contracts?${query.toString()}`);
}

export function contractsQuery(query: URLSearchParams) {
  const key = query.toString();
  return queryOptions({
    queryKey: [...agentsKey, 'contracts', key],
    queryFn: () => fetchContracts(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
  });
}

export function useContracts(query: URLSearchParams) {
  return useQuery(contractsQuery(query));
}
