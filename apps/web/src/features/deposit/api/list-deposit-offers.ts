import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoOffer } from '@wps/shared/schemas/promo-rewards';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /wps/promo/offers (public), as the deposit form reads it: the promotions whose live rule pays
 * on a credited deposit only for players who opted in (action deposit, optIn).
 */
export async function listDepositOffers(): Promise<PromoOffer[]> {
  const { list } = await apiRequest<{ list: PromoOffer[] }>('/wps/promo/offers');
  return list.filter((o) => o.action === 'deposit' && o.optIn);
}

/** Keyed by language (the titles). */
export function depositOffersQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['deposit', 'offers', language],
    queryFn: listDepositOffers,
    staleTime: 30_000,
  });
}

/** The opt-ins the deposit form lists. */
export function useDepositOffers() {
  const { i18n } = useTranslation();
  return useQuery(depositOffersQueryOptions(i18n.language));
}
