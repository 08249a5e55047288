import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@wps/shared/schemas/system';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/system/status: 0 normal, 1 maintenance, 2 region restricted (for the caller's IP). */
export function getStatus(): Promise<SystemStatus> {
  return apiRequest<SystemStatus>('/wps/system/status');
}

export const statusQueryOptions = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: getStatus,
  staleTime: 60_000,
});

/** The system status that decides between the app, maintenance and region-block pages. */
export function useSystemStatus() {
  return useQuery(statusQueryOptions);
}
