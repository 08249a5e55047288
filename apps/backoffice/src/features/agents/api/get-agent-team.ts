import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentTeam } from '@wps/shared/schemas/agents';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/:memberId (agents.read): the member, the chain above it (nearest first) and its team's size. */
export function fetchAgentTeam(memberId: string): Promise<AgentTeam> {
  return opsRequest<AgentTeam>(`/ops/agents/${encodeURIComponent(memberId)}`);
}

export function agentTeamQuery(memberId: string) {
  return queryOptions({ queryKey: [...agentsKey, 'team', memberId], queryFn: () => fetchAgentTeam(memberId) });
}

export function useAgentTeam(memberId: string) {
  return useQuery(agentTeamQuery(memberId));
}
