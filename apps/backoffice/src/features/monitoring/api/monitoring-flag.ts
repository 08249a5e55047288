import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMonitoringFlagDetail } from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';
import { monitoringKey } from './monitoring-flags';

/** GET /ops/monitoring/flags/:id (monitoring.review): the flag, its figures and its notes. */
export function fetchMonitoringFlag(id: string): Promise<OpsMonitoringFlagDetail> {
  return opsRequest<OpsMonitoringFlagDetail>(`/ops/monitoring/flags/${encodeURIComponent(id)}`);
}

// Under the monitoring key, so a note or a close refetches the lists and the page alike.
export function monitoringFlagQuery(id: string) {
  return queryOptions({ queryKey: [...monitoringKey, 'flag', id], queryFn: () => fetchMonitoringFlag(id) });
}

export function useMonitoringFlag(id: string) {
  return useQuery(monitoringFlagQuery(id));
}
