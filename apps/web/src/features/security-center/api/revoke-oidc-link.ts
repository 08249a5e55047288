import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /wps/member/oidc-links/:linkId (token): the provider no longer signs this member in. */
export function revokeOidcLink(linkId: string): Promise<boolean> {
  return apiRequest<boolean>(`/wps/member/oidc-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
}

/** Mutation for the linked sign-ins list; refreshes it. */
export function useRevokeOidcLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOidcLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'oidc-links'] }),
  });
}
