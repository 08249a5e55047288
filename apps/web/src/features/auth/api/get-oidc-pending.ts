import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcPending } from '@wps/shared/schemas/oidc';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/oidc/pending: the identity the provider answered for, waiting for the player's choice (the flow cookie decides whose). */
export function getOidcPending(): Promise<OidcPending> {
  return apiRequest<OidcPending>('/wps/oidc/pending', { token: null });
}

export function oidcPendingQueryOptions() {
  return queryOptions({ queryKey: ['oidc-pending'], queryFn: getOidcPending, retry: false, staleTime: Infinity });
}

export function useOidcPending(enabled: boolean) {
  return useQuery({ ...oidcPendingQueryOptions(), enabled });
}
