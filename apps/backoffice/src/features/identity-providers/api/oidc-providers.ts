import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { opsRequest } from '../../../lib/api-client';

export const oidcProvidersKey = ['ops', 'oidc-providers'] as const;

/** GET /ops/oidc-providers (settings.read): the identity providers, never their client secrets. */
export function fetchOidcProviders(): Promise<OpsOidcProvider[]> {
  return opsRequest<OpsOidcProvider[]>('/ops/oidc-providers');
}

export function useOidcProviders() {
  return useQuery(queryOptions({ queryKey: oidcProvidersKey, queryFn: fetchOidcProviders }));
}
