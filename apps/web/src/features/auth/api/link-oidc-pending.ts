import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { OidcLinkBody } from '@wps/shared/schemas/oidc';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/oidc/pending/link (encrypted): link the waiting identity to an account, its password proven; the player is logged in. */
export function linkOidcPending(body: OidcLinkBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/oidc/pending/link', { method: 'POST', body, encrypted: true, token: null });
}

export function useLinkOidcPending() {
  return useMutation({ mutationFn: linkOidcPending });
}
