import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNoticesReadBody, MarkNoticesReadResult } from '@wps/shared/schemas/messages';
import { apiRequest } from '../../../lib/api-client';
import { NOTICES_QUERY_KEY } from './get-unread-count';

/** POST /wps/messages/platform/read (token): read receipts for the given messages, or every unread one when `ids` is absent. */
export function markPlatformMessagesRead(body: MarkNoticesReadBody): Promise<MarkNoticesReadResult> {
  return apiRequest<MarkNoticesReadResult>('/wps/messages/platform/read', { method: 'POST', body });
}

/** Mutation for reading messages; refreshes the header's count and both lists. */
export function useMarkPlatformMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPlatformMessagesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
