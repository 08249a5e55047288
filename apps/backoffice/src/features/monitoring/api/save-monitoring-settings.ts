import type { MonitoringSettings } from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { monitoringSettingsKey } from './monitoring-settings';

/** PUT /ops/monitoring/settings (settings.write): the whole set of switches and thresholds; audited before and after. */
export function saveMonitoringSettings(body: MonitoringSettings): Promise<MonitoringSettings> {
  return opsRequest<MonitoringSettings>('/ops/monitoring/settings', { method: 'PUT', body });
}

export function useSaveMonitoringSettings(successText: () => string) {
  return useOpsMutation({ mutationFn: saveMonitoringSettings, invalidates: [monitoringSettingsKey], successText });
}
