import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardSettings } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rewardsKey } from './rule-list';

/** GET /ops/rewards/settings (rewards.read): the operator's jurisdiction profile. */
export function fetchRewardSettings(): Promise<RewardSettings> {
  return opsRequest<RewardSettings>('/ops/rewards/settings');
}

export function rewardSettingsQuery() {
  return queryOptions({ queryKey: [...rewardsKey, 'settings'], queryFn: fetchRewardSettings });
}

export function useRewardSettings() {
  return useQuery(rewardSettingsQuery());
}

/** PUT /ops/rewards/settings (settings.write): change the profile; live rules it forbids are paused (listed in the answer). */
export function saveRewardSettings(body: RewardSettings): Promise<RewardSettings & { paused: string[] }> {
  return opsRequest<RewardSettings & { paused: string[] }>('/ops/rewards/settings', { method: 'PUT', body });
}

export function useSaveRewardSettings(successText: (result: RewardSettings & { paused: string[] }) => string) {
  return useOpsMutation({ mutationFn: saveRewardSettings, invalidates: [rewardsKey], successText });
}
