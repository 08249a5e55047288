import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformMessageListResult } from '@wps/shared/schemas/platform-messages';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { NOTICES_QUERY_KEY } from './get-unread-count';

/** GET /wps/messages/platform (token): the operator's messages to this player, newest first, in the request's language. */
export function listPlatformMessages(page: number, pageSize: number): Promise<PlatformMessageListResult> {
  return apiRequest<PlatformMessageListResult>('/wps/messages/platform', { query: { page, pageSize } });
}

/** Under the notices' key, so reading either refreshes the header's count; keyed by language (the server answers the player's words). */
export function platformMessagesQueryOptions(token: string | null, page: number, pageSize: number, language: string) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'platform', token, page, pageSize, language],
    queryFn: () => listPlatformMessages(page, pageSize),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of platform messages. */
export function usePlatformMessages(page: number, pageSize = 10) {
  const { i18n } = useTranslation();
  return useQuery(platformMessagesQueryOptions(useToken(), page, pageSize, i18n.language));
}
