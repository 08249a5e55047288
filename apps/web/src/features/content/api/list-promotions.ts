import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/content/promotions (public): every live promotion, in order, in the Language header's language. */
export async function listPromotions(): Promise<LiveContentItem[]> {
  const { list } = await apiRequest<{ list: LiveContentItem[] }>('/wps/content/promotions');
  return list;
}

/**
 * One list for every reader (the /promotions tabs, /promoDetail, the side menu's first three, the
 * home strip, the registration page's new_player slider), filtered in the page: an operator has
 * tens of live promotions, not thousands, so one cached answer beats a call per category. Keyed by
 * language (the words are per language); five minutes before a page asks again. A language switch
 * keeps the cards in place until the new words arrive.
 */
export function promotionsQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'promotions', language],
    queryFn: listPromotions,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The live promotions. */
export function usePromotions() {
  const { i18n } = useTranslation();
  return useQuery(promotionsQueryOptions(i18n.language));
}
