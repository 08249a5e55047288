import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LEGAL_PAGES, LiveContentItem } from '@wps/shared/schemas/content';
import { ErrorCode } from '@wps/shared/error-codes';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type LegalPage = (typeof LEGAL_PAGES)[number];

/** GET /wps/content/pages/:page (public): a legal page; 404 CONTENT_NOT_FOUND until the operator publishes it. */
export function getLegalPage(page: LegalPage): Promise<LiveContentItem> {
  return apiRequest<LiveContentItem>(`/wps/content/pages/${page}`);
}

/** Keyed by page and language (the text is per language). An unpublished page is an answer, not a failure to retry. */
export function legalPageQueryOptions(page: LegalPage, language: string) {
  return queryOptions({
    queryKey: ['content', 'page', page, language],
    queryFn: () => getLegalPage(page),
    staleTime: 5 * 60_000,
    retry: (count, error) => !isApiError(error, ErrorCode.CONTENT_NOT_FOUND) && count < 2,
  });
}

/** A legal page, and whether the operator has not published it (the site's 404 then). */
export function useLegalPage(page: LegalPage) {
  const { i18n } = useTranslation();
  const query = useQuery(legalPageQueryOptions(page, i18n.language));
  return { ...query, isUnpublished: isApiError(query.error, ErrorCode.CONTENT_NOT_FOUND) };
}
