import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoOffer } from '@wps/shared/schemas/promo-rewards';
import { apiRequest } from '../../../lib/api-client';
import { PROMO_QUERY_KEY } from './list-activities';

/** GET /wps/promo/offers (public): the live promotions some live rule pays, with their call to action. */
export async function listOffers(): Promise<PromoOffer[]> {
  return (await apiRequest<{ list: PromoOffer[] }>('/wps/promo/offers')).list;
}

/** Keyed by language (the titles); under the feature's prefix, so a join refreshes it with the rest. */
export function offersQueryOptions(language: string) {
  return queryOptions({
    queryKey: [...PROMO_QUERY_KEY, 'offers', language],
    queryFn: listOffers,
    staleTime: 30_000,
  });
}

/** The promotions' calls to action. */
export function useOffers() {
  const { i18n } = useTranslation();
  return useQuery(offersQueryOptions(i18n.language));
}
