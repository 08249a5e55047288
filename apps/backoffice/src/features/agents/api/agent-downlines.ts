import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentDownlinesPage } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** Direct downlines shown per level before "more". */
export const DOWNLINES_PAGE_SIZE = 20;

/** GET /ops/agents/:memberId/downlines (agents.read): one page of the members directly under a member, agents' teams first by size. */
export function fetchAgentDownlines(memberId: string, page: number): Promise<AgentDownlinesPage> {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(DOWNLINES_PAGE_SIZE),
    sort: 'teamSize',
    order: 'desc',
  });
  return opsRequest<AgentDownlinesPage>(`/ops/agents/${encodeURIComponent(memberId)}/downlines?${query.toString()}`);
}

export function agentDownlinesQuery(memberId: string, page: number) {
  return queryOptions({
    queryKey: [...agentsKey, 'downlines', memberId, page],
    queryFn: () => fetchAgentDownlines(memberId, page),
  });
}

export function useAgentDownlines(memberId: string, page: number, enabled = true) {
  return useQuery({ ...agentDownlinesQuery(memberId, page), enabled });
}
