import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNoticesReadBody, MarkNoticesReadResult } from '@wps/shared/schemas/messages';
import { apiRequest } from '../../../lib/api-client';
import { NOTICES_QUERY_KEY } from './get-unread-count';

/** POST /wps/messages/read (token): mark the given notices read, or all when `ids` is absent. */
export function markNoticesRead(body: MarkNoticesReadBody): Promise<MarkNoticesReadResult> {
  return apiRequest<MarkNoticesReadResult>('/wps/messages/read', { method: 'POST', body });
}

/** Mutation for reading notices; refreshes the count and the list. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
