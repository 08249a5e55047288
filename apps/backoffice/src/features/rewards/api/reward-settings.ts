import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardSettings } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { rewardsKey } from './rule-list';

/** GET /ops/rewards/settings (rewards.read): the licence's profile the rules are checked against (changed at /ops/licence). */
export function fetchRewardSettings(): Promise<RewardSettings> {
  return opsRequest<RewardSettings>('/ops/rewards/settings');
}

export function rewardSettingsQuery() {
  return queryOptions({ queryKey: [...rewardsKey, 'settings'], queryFn: fetchRewardSettings });
}

export function useRewardSettings() {
  return useQuery(rewardSettingsQuery());
}
