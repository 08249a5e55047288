import { queryOptions, useQuery } from '@tanstack/react-query';
import { jurisdictionRules } from '@wps/shared/jurisdiction';
import { depositMethodSchema, type DepositMethod } from '@wps/shared/schemas/deposit';
import type { RewardSettings } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';

/** What the licence lets players pay with: its profile, and the deposit methods it refuses (none outside a restricting profile). */
export type LicenceMethods = { profile: RewardSettings['jurisdiction']; refused: ReadonlySet<DepositMethod> };

/**
 * GET /ops/rewards/settings (rewards.read): the operator's jurisdiction profile, where the site
 * keeps it. Its key sits under the rewards screen's, so a profile changed there refreshes the
 * payments screen too.
 */
export function fetchLicenceMethods(): Promise<LicenceMethods> {
  return opsRequest<RewardSettings>('/ops/rewards/settings').then(({ jurisdiction }) => {
    const allowed = jurisdictionRules(jurisdiction).depositMethods;
    return {
      profile: jurisdiction,
      refused: new Set(allowed === 'any' ? [] : depositMethodSchema.options.filter((m) => !allowed.includes(m))),
    };
  });
}

/**
 * The methods the licence refuses, so the channel list and form can say a channel is hidden from
 * players; undefined while loading or for a role that cannot read the profile (the marks are then left out).
 */
export function useLicenceMethods(): LicenceMethods | undefined {
  const canRead = useCan('rewards.read');
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'rewards', 'settings', 'deposit-methods'],
      queryFn: fetchLicenceMethods,
      enabled: canRead,
    }),
  ).data;
}
