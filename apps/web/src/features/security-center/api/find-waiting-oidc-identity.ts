import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcPending } from '@wps/shared/schemas/oidc';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/**
 * GET /wps/oidc/pending (the browser's flow cookie): the provider identity this browser signed in
 * with that no account has yet, or null when none waits (OIDC_FLOW_INVALID).
 */
export async function findWaitingOidcIdentity(): Promise<OidcPending | null> {
  try {
    return await apiRequest<OidcPending>('/wps/oidc/pending', { token: null });
  } catch (error) {
    if (isApiError(error, 'OIDC_FLOW_INVALID')) return null;
    throw error;
  }
}

/** Under ['member'] and the token: only a signed-in member can link it, and logout forgets it. */
export function waitingOidcIdentityQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'oidc-waiting', token],
    queryFn: findWaitingOidcIdentity,
    enabled: token !== null,
    retry: false,
  });
}

export function useWaitingOidcIdentity() {
  return useQuery(waitingOidcIdentityQueryOptions(useToken()));
}
