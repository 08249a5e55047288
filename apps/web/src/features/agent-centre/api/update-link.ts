import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentLink } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /wps/agent/centre/links/:linkId (token, agents only): enable or disable a link (its affiliate code with it). */
export function updateLink({ linkId, enabled }: { linkId: string; enabled: boolean }): Promise<AgentLink> {
  return apiRequest<AgentLink>(`/wps/agent/centre/links/${encodeURIComponent(linkId)}`, {
    method: 'PATCH',
    body: { enabled },
  });
}

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'agent', 'links'] }),
  });
}
