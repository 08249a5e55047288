import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OidcLink } from '@wps/shared/schemas/oidc';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/oidc/pending/link (token and the browser's flow cookie): link the waiting provider
 * identity to the signed-in account. No password: the session already passed the login's code step.
 */
export function linkOidcPending(): Promise<OidcLink> {
  return apiRequest<OidcLink>('/wps/oidc/pending/link', { method: 'POST' });
}

/** Mutation for the security centre's waiting identity; refreshes the links and the waiting identity. */
export function useLinkOidcPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkOidcPending,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['member', 'oidc-links'] });
      await queryClient.invalidateQueries({ queryKey: ['member', 'oidc-waiting'] });
    },
  });
}
