import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpCenter } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/system/helpCenter?q= (public): help articles by category, only those matching `q` (accent- and case-insensitive) when given. */
export function getHelpCenter(q: string): Promise<HelpCenter> {
  return apiRequest<HelpCenter>('/wps/system/helpCenter', { query: { q: q || undefined } });
}

/** Keyed by language and search words; the previous answer stays on screen while the next search runs. */
export function helpCenterQueryOptions(q: string, language: string) {
  return queryOptions({
    queryKey: ['content', 'help', language, q],
    queryFn: () => getHelpCenter(q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The help centre's articles for a search (empty: all). */
export function useHelpCenter(q: string) {
  const { i18n } = useTranslation();
  return useQuery(helpCenterQueryOptions(q.trim(), i18n.language));
}
