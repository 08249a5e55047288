import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySummary } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/security (token): payment password, payee name, links and bank accounts. */
export function getSecuritySummary(): Promise<SecuritySummary> {
  return apiRequest<SecuritySummary>('/wps/member/security');
}

/** Under ['member'], so logout (which removes member queries) forgets it. */
export function securitySummaryQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'security', token],
    queryFn: getSecuritySummary,
    enabled: token !== null,
  });
}

/** The logged-in member's security summary. */
export function useSecuritySummary() {
  const token = useToken();
  return useQuery(securitySummaryQueryOptions(token));
}
