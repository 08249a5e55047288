import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMonitoringPage } from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';

/** Every list of flags (the screen's, a player's) and every flag's page: a note, a close or a scan refetches them. */
export const monitoringKey = ['ops', 'monitoring'] as const;

/** GET /ops/monitoring/flags with the list's page, order and filters (monitoring.review). */
export function fetchMonitoringFlags(query: URLSearchParams): Promise<OpsMonitoringPage> {
  return opsRequest<OpsMonitoringPage>(`/ops/monitoring/flags?${query.toString()}`);
}

export function monitoringFlagsQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...monitoringKey, 'flags', search],
    queryFn: () => fetchMonitoringFlags(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

export function useMonitoringFlags(query: URLSearchParams) {
  return useQuery(monitoringFlagsQuery(query));
}
