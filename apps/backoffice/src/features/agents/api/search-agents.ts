import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSearchResult } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/search (agents.read): members whose account starts with `account`, agents only when asked. */
export function fetchAgentSearch(account: string, agentsOnly: boolean): Promise<AgentSearchResult> {
  const query = new URLSearchParams({ account, agentsOnly: String(agentsOnly) });
  return opsRequest<AgentSearchResult>(`/ops/agents/search?${query.toString()}`);
}

export function agentSearchQuery(account: string, agentsOnly: boolean) {
  return queryOptions({
    queryKey: [...agentsKey, 'search', account, agentsOnly],
    queryFn: () => fetchAgentSearch(account, agentsOnly),
    enabled: account !== '',
    placeholderData: keepPreviousData,
  });
}

export function useAgentSearch(account: string, agentsOnly: boolean) {
  return useQuery(agentSearchQuery(account, agentsOnly));
}
