import type { OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { oidcProvidersKey } from './oidc-providers';

/** PUT /ops/oidc-providers/:id/enabled (settings.write): the provider's switch, with a reason. */
export function setOidcProviderEnabled({
  id,
  enabled,
  reason,
}: {
  id: string;
  enabled: boolean;
  reason: string;
}): Promise<OpsOidcProvider> {
  return opsRequest<OpsOidcProvider>(`/ops/oidc-providers/${encodeURIComponent(id)}/enabled`, {
    method: 'PUT',
    body: { enabled, reason },
  });
}

export function useSetOidcProviderEnabled(successText: () => string) {
  return useOpsMutation({ mutationFn: setOidcProviderEnabled, invalidates: [oidcProvidersKey], successText });
}
