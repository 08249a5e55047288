import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner, BANNER_GROUPS } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** GET /wps/content/banners?group= (public): a route's banners, in order, in the Language header's language. */
export async function listBanners(group: BannerGroup): Promise<Banner[]> {
  const { list } = await apiRequest<{ list: Banner[] }>('/wps/content/banners', { query: { group } });
  return list;
}

/**
 * Keyed by group and language: the titles (alt texts) and even the pictures are per language, so a
 * language switch asks again. Banners change rarely: five minutes before a page asks again.
 */
export function bannersQueryOptions(group: BannerGroup, language: string) {
  return queryOptions({
    queryKey: ['content', 'banners', group, language],
    queryFn: () => listBanners(group),
    staleTime: 5 * 60_000,
  });
}

/** The banners of a route's group. */
export function useBanners(group: BannerGroup) {
  const { i18n } = useTranslation();
  return useQuery(bannersQueryOptions(group, i18n.language));
}
