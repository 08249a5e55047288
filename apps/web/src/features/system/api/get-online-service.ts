import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlineServiceList } from '@wps/shared/schemas/online-service';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/system/onlineService: the customer-service entries switched on, with their type codes. */
export function getOnlineService(): Promise<OnlineServiceList> {
  return apiRequest<OnlineServiceList>('/wps/system/onlineService');
}

export const onlineServiceQueryOptions = queryOptions({
  queryKey: ['system', 'onlineService'],
  queryFn: getOnlineService,
  staleTime: 60_000,
});

/** The online-service list (the registration page's customer-service block). */
export function useOnlineService() {
  return useQuery(onlineServiceQueryOptions);
}
