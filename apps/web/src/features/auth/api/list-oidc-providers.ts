import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOidcProvider } from '@wps/shared/schemas/oidc';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/oidc/providers: the identity providers the operator switched on. */
export function listOidcProviders(): Promise<PublicOidcProvider[]> {
  return apiRequest<PublicOidcProvider[]>('/wps/oidc/providers', { token: null });
}

export function oidcProvidersQueryOptions() {
  return queryOptions({ queryKey: ['oidc-providers'], queryFn: listOidcProviders, staleTime: 60_000 });
}

export function useOidcProviders() {
  return useQuery(oidcProvidersQueryOptions());
}

/** Where a "Sign in with …" button sends the browser: a navigation, not a call (the server answers a redirect). */
export function oidcStartUrl(providerId: string): string {
  return `/wps/oidc/providers/${encodeURIComponent(providerId)}/start`;
}
