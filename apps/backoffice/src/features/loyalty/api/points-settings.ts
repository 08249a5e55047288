import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsPointsSettings } from '@wps/shared/schemas/points';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const pointsSettingsKey = ['ops', 'points', 'settings'] as const;

/** GET /ops/points/settings (loyalty.read): earning rates by category, the conversion. */
export function fetchPointsSettings(): Promise<OpsPointsSettings> {
  return opsRequest<OpsPointsSettings>('/ops/points/settings');
}

export const pointsSettingsQuery = queryOptions({ queryKey: pointsSettingsKey, queryFn: fetchPointsSettings });

export function usePointsSettings() {
  return useQuery(pointsSettingsQuery);
}

/** PUT /ops/points/settings (loyalty.write); audited. */
export function savePointsSettings(body: OpsPointsSettings): Promise<OpsPointsSettings> {
  return opsRequest<OpsPointsSettings>('/ops/points/settings', { method: 'PUT', body });
}

export function useSavePointsSettings(successText: string) {
  return useOpsMutation({
    mutationFn: savePointsSettings,
    invalidates: [pointsSettingsKey],
    successText: () => successText,
  });
}
