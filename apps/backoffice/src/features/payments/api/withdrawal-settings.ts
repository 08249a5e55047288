import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { paymentsKey } from './deposit-channels';

export const withdrawalSettingsKey = [...paymentsKey, 'withdrawal-settings'] as const;

/** GET /ops/withdrawal-settings (money.read): the limits every player's withdrawal is checked against. */
export function fetchWithdrawalSettings(): Promise<WithdrawalSettings> {
  return opsRequest<WithdrawalSettings>('/ops/withdrawal-settings');
}

export const withdrawalSettingsQuery = queryOptions({
  queryKey: withdrawalSettingsKey,
  queryFn: fetchWithdrawalSettings,
});

/** The withdrawal rules; not asked for when the role may not read them (the server would answer 403). */
export function useWithdrawalSettings(enabled: boolean) {
  return useQuery({ ...withdrawalSettingsQuery, enabled });
}
