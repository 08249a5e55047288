import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /wps/agent/centre/links/:linkId (token, agents only): the link and its code stop for good. */
export function deleteLink(linkId: string): Promise<{ linkId: string; deleted: true }> {
  return apiRequest<{ linkId: string; deleted: true }>(`/wps/agent/centre/links/${encodeURIComponent(linkId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'agent', 'links'] }),
  });
}
