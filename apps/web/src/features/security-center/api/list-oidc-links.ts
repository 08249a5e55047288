import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcLink } from '@wps/shared/schemas/oidc';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/oidc-links (token): the identity providers that sign this member in. */
export function listOidcLinks(): Promise<OidcLink[]> {
  return apiRequest<OidcLink[]>('/wps/member/oidc-links');
}

/** Under ['member'], so logout (which removes member queries) forgets it. */
export function oidcLinksQueryOptions(token: string | null) {
  return queryOptions({ queryKey: ['member', 'oidc-links', token], queryFn: listOidcLinks, enabled: token !== null });
}

export function useOidcLinks() {
  return useQuery(oidcLinksQueryOptions(useToken()));
}
