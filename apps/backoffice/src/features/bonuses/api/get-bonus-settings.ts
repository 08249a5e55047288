import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusSettings } from '@wps/shared/schemas/bonus';
import { opsRequest } from '../../../lib/api-client';

/** The settings' key: a change refetches it. */
export const bonusSettingsKey = ['ops', 'bonus-settings'] as const;

/** GET /ops/bonus-settings (bonuses.read). */
export function fetchBonusSettings(): Promise<BonusSettings> {
  return opsRequest<BonusSettings>('/ops/bonus-settings');
}

export function useBonusSettings() {
  return useQuery(queryOptions({ queryKey: bonusSettingsKey, queryFn: fetchBonusSettings }));
}
