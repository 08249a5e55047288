import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsPlatformMessagePageSchema } from '@wps/shared/schemas/platform-messages';
import { opsRequest } from '../../../lib/api-client';

export type OpsPlatformMessagePage = z.infer<typeof opsPlatformMessagePageSchema>;

/** Every message query sits under ['ops', 'messages']: a send or withdrawal makes all of them stale. */
export const messagesKey = ['ops', 'messages'] as const;

/** GET /ops/messages (inbox.read): the platform messages, newest first, with status and read count. */
export function fetchMessageList(query: URLSearchParams): Promise<OpsPlatformMessagePage> {
  return opsRequest<OpsPlatformMessagePage>(`/ops/messages?${query.toString()}`);
}

export function messageListQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...messagesKey, 'list', search],
    queryFn: () => fetchMessageList(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page; the previous page stays on screen while the next one loads. */
export function useMessageList(query: URLSearchParams) {
  return useQuery(messageListQuery(query));
}
