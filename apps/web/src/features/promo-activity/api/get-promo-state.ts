import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { PROMO_QUERY_KEY } from './list-activities';

export type PromoPublicState = { availablePromoCount: number; availablePromo: { REFERRAL: { enabled: boolean } } };

/** GET /wps/promo/state (token optional): the public state's promotion figures. */
export function getPromoState(): Promise<PromoPublicState> {
  return apiRequest<PromoPublicState>('/wps/promo/state');
}

/** Under the feature's prefix, so a join or an application lowers the count at once; by token, so a login reads the player's own. */
export function promoStateQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...PROMO_QUERY_KEY, 'state', token],
    queryFn: getPromoState,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** What the player can join now (the side menu's count beside Promotions). */
export function usePromoState() {
  return useQuery(promoStateQueryOptions(useToken()));
}
