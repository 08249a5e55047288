import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishedLegalPages } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

type LegalPage = PublishedLegalPages['list'][number];

/** GET /wps/content/pages (public): the legal pages that are published, so links go only to pages that open. */
export async function listLegalPages(): Promise<LegalPage[]> {
  const { list } = await apiRequest<PublishedLegalPages>('/wps/content/pages');
  return list;
}

/** Keyed by language (a page may be published in one only); legal pages change rarely: ten minutes. */
export function legalPagesQueryOptions(language: string) {
  return queryOptions({ queryKey: ['content', 'pages', language], queryFn: listLegalPages, staleTime: 10 * 60_000 });
}

/** The published legal pages. */
export function useLegalPages() {
  const { i18n } = useTranslation();
  return useQuery(legalPagesQueryOptions(i18n.language));
}
