import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrashMonitor } from '@wps/shared/schemas/inhouse-crash';
import { opsRequest } from '../../../lib/api-client';

/** GET /ops/inhouse-games/crash/monitor (games.read): crash's open round and the house's result per recent round. */
export function fetchCrashMonitor(): Promise<CrashMonitor> {
  return opsRequest<CrashMonitor>('/ops/inhouse-games/crash/monitor');
}

export const crashMonitorQuery = queryOptions({
  queryKey: ['games', 'inhouse', 'crash-monitor'] as const,
  queryFn: fetchCrashMonitor,
});

/** Read again every 2 s while shown: a round lasts seconds. */
export function useCrashMonitor() {
  return useQuery({ ...crashMonitorQuery, refetchInterval: 2000 });
}
