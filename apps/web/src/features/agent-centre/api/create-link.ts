import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentLink, LinkCreateBody } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';

export { linkCreateBodySchema } from '@wps/shared/schemas/agent-centre';

/** POST /wps/agent/centre/links (token, agents only): a member or agent invitation link, an agent link with default terms. */
export function createLink(body: LinkCreateBody): Promise<AgentLink> {
  return apiRequest<AgentLink>('/wps/agent/centre/links', { method: 'POST', body });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'agent', 'links'] }),
  });
}
