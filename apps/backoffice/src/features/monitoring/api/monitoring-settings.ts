import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonitoringSettings } from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';

export const monitoringSettingsKey = ['ops', 'monitoring', 'settings'] as const;

/** GET /ops/monitoring/settings (monitoring.review): the switches and thresholds the scan uses; a setting not stored is its default. */
export function fetchMonitoringSettings(): Promise<MonitoringSettings> {
  return opsRequest<MonitoringSettings>('/ops/monitoring/settings');
}

export function useMonitoringSettings() {
  return useQuery(queryOptions({ queryKey: monitoringSettingsKey, queryFn: fetchMonitoringSettings }));
}
