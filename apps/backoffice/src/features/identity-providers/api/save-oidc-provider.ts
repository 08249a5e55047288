import type { OidcProviderBody, OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { oidcProvidersKey } from './oidc-providers';

type Save = { id: string | null; body: OidcProviderBody };

/** POST /ops/oidc-providers or PUT /ops/oidc-providers/:id (settings.write); audited with the reason, the secret never answered. */
export function saveOidcProvider({ id, body }: Save): Promise<OpsOidcProvider> {
  return id === null
    ? opsRequest<OpsOidcProvider>('/ops/oidc-providers', { method: 'POST', body })
    : opsRequest<OpsOidcProvider>(`/ops/oidc-providers/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useSaveOidcProvider(successText: () => string) {
  return useOpsMutation({ mutationFn: saveOidcProvider, invalidates: [oidcProvidersKey], successText });
}
