import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/bonuses (token): the player's bonuses, newest first, their rules and the rounds that counted. */
export function getBonuses(): Promise<PlayerBonuses> {
  return apiRequest<PlayerBonuses>('/wps/bonuses');
}

/**
 * Under ['member'], so logout forgets it. Bonus money moves with every game round, so the page
 * asks again each time it is opened rather than trusting a copy.
 */
export const BONUSES_KEY = ['member', 'bonuses'] as const;

export function bonusesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...BONUSES_KEY, token],
    queryFn: getBonuses,
    enabled: token !== null,
    staleTime: 0,
  });
}

/** The bonusDetails page's data. */
export function useBonuses() {
  return useQuery(bonusesQueryOptions(useToken()));
}
