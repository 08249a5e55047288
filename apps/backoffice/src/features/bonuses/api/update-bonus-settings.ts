import type { BonusSettings, OpsBonusSettingsBody } from '@wps/shared/schemas/bonus';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { bonusSettingsKey } from './get-bonus-settings';

/** PUT /ops/bonus-settings (bonuses.write): audited with the reason, before and after. */
export function updateBonusSettings(body: OpsBonusSettingsBody): Promise<BonusSettings> {
  return opsRequest<BonusSettings>('/ops/bonus-settings', { method: 'PUT', body });
}

export function useUpdateBonusSettings(successText: () => string) {
  return useOpsMutation({ mutationFn: updateBonusSettings, invalidates: [bonusSettingsKey], successText });
}
