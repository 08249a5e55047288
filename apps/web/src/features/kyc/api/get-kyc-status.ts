import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycStatus } from '@wps/shared/schemas/kyc';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/kyc/status (token): where the player's identity check stands. */
export function getKycStatus(): Promise<KycStatus> {
  return apiRequest<KycStatus>('/wps/kyc/status');
}

/** Under ['member'], so logout forgets it. */
export function kycStatusQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'kyc', token],
    queryFn: getKycStatus,
    enabled: token !== null,
    // A check in a person's review is decided in the back office: look again now and then.
    refetchInterval: (query) =>
      query.state.data?.level === 'review' || query.state.data?.reverification?.status === 'review' ? POLL_MS : false,
  });
}

const POLL_MS = 15_000;

/** The logged-in player's identity check. */
export function useKycStatus() {
  return useQuery(kycStatusQueryOptions(useToken()));
}
