import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralSettings, ReferralSettingsUpdate } from '@wps/shared/schemas/referral';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const referralSettingsKey = ['ops', 'referral-settings'] as const;

/** GET /ops/referral/settings (rewards.read): the switch, what qualifies an invitee, and the reward. */
export const referralSettingsQuery = queryOptions({
  queryKey: referralSettingsKey,
  queryFn: () => opsRequest<ReferralSettings>('/ops/referral/settings'),
});

export function useReferralSettings() {
  return useQuery(referralSettingsQuery);
}

/** PUT /ops/referral/settings (rewards.write, audited with the reason). */
export function useSaveReferralSettings(successText: () => string) {
  return useOpsMutation({
    mutationFn: (body: ReferralSettingsUpdate) =>
      opsRequest<ReferralSettings>('/ops/referral/settings', { method: 'PUT', body }),
    invalidates: [referralSettingsKey],
    successText,
  });
}
