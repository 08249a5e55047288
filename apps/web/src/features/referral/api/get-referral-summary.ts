import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralSummary } from '@wps/shared/schemas/referral';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/referral (token): the member's invitation code, the programme's terms, the invited players and their rewards. */
export function getReferralSummary(): Promise<ReferralSummary> {
  return apiRequest<ReferralSummary>('/wps/referral');
}

/** Under ['member'], so logout forgets it; the page refetches it when opened (an invitee's progress moves with its play). */
export const REFERRAL_KEY = ['member', 'referral'] as const;

export function referralSummaryQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...REFERRAL_KEY, token],
    queryFn: getReferralSummary,
    enabled: token !== null,
    refetchOnMount: 'always',
  });
}

/** The refer-and-earn page's data. */
export function useReferralSummary() {
  return useQuery(referralSummaryQueryOptions(useToken()));
}
