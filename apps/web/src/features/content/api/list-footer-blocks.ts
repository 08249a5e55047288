import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/content/footer (public): the footer's live blocks (licence line, payment logos, affiliate block), in order. */
export async function listFooterBlocks(): Promise<LiveContentItem[]> {
  const { list } = await apiRequest<{ list: LiveContentItem[] }>('/wps/content/footer');
  return list;
}

/** Keyed by language (the words are per language); the footer changes rarely: ten minutes. */
export function footerBlocksQueryOptions(language: string) {
  return queryOptions({ queryKey: ['content', 'footer', language], queryFn: listFooterBlocks, staleTime: 10 * 60_000 });
}

/** The footer's operator-managed blocks. */
export function useFooterBlocks() {
  const { i18n } = useTranslation();
  return useQuery(footerBlocksQueryOptions(i18n.language));
}
