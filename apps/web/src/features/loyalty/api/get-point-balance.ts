import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointBalance } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/MCS2_getPointBalance (token): the member's points. */
export function getPointBalance(): Promise<PointBalance> {
  return apiRequest<PointBalance>('/wps/relay/MCS2_getPointBalance', { method: 'POST' });
}

/** Under ['member'], so logout forgets it and every money or points action refreshes it with the balance. */
export function pointBalanceQueryOptions(token: string | null, isEnabled = true) {
  return queryOptions({
    queryKey: ['member', 'points', 'balance', token],
    queryFn: getPointBalance,
    enabled: token !== null && isEnabled,
    // Points arrive from play a moment after a round settles: look again now and then.
    refetchInterval: 30_000,
  });
}

/** The member's points; `isEnabled` false (the points switch is off) fetches nothing. */
export function usePointBalance(isEnabled = true) {
  return useQuery(pointBalanceQueryOptions(useToken(), isEnabled));
}
