import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DomainRoute } from '@wps/shared/schemas/site-settings';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/system/domainRoute: the site's domains to test (the player's own when none is listed). */
export function getDomainRoute(): Promise<DomainRoute> {
  return apiRequest<DomainRoute>('/wps/system/domainRoute');
}

/** The operator's domains change rarely: one answer serves every opening of the modal for 10 minutes. */
export function domainRouteQueryOptions() {
  return queryOptions({ queryKey: ['system', 'domainRoute'], queryFn: getDomainRoute, staleTime: 10 * 60_000 });
}

export function useDomainRoute(isEnabled: boolean) {
  return useQuery({ ...domainRouteQueryOptions(), enabled: isEnabled });
}
