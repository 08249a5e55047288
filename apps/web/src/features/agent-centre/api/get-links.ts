import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentLink } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/links (token, agents only): the agent's invitation links with their terms and registrations. */
export function getLinks(): Promise<{ list: AgentLink[] }> {
  return apiRequest<{ list: AgentLink[] }>('/wps/agent/centre/links');
}

/** The key the link mutations (create, enable, delete) refresh. */
export function linksQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'agent', 'links', token],
    queryFn: getLinks,
    enabled: token !== null,
  });
}

export function useLinks() {
  return useQuery(linksQueryOptions(useToken()));
}
