import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { monitoringKey } from './monitoring-flags';

/** POST /ops/monitoring/scan (monitoring.review): the hourly scan at once; raises nothing twice. */
export function runMonitoringScan(): Promise<{ raised: number }> {
  return opsRequest<{ raised: number }>('/ops/monitoring/scan', { method: 'POST' });
}

export function useRunMonitoringScan(successText: (raised: number) => string) {
  return useOpsMutation({
    mutationFn: runMonitoringScan,
    invalidates: [monitoringKey],
    successText: (r) => successText(r.raised),
  });
}
