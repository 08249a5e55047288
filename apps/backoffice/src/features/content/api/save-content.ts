import type { ContentItemBody, OpsContentItem } from '@wps/shared/schemas/content';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { contentKey } from './content-list';

/** The item's id when it exists (edit), with the body the shared contentItemBodySchema reads. */
export type SaveContentInput = { id: string | null; body: ContentItemBody };

/**
 * PUT /ops/content (create, as a draft) or PUT /ops/content/:id (edit; the kind never changes)
 * (content.write): the server sanitises the HTML and audits the change with the reason.
 */
export function saveContent({ id, body }: SaveContentInput): Promise<OpsContentItem> {
  return opsRequest<OpsContentItem>(id ? `/ops/content/${encodeURIComponent(id)}` : '/ops/content', {
    method: 'PUT',
    body,
  });
}

/** Refreshes every content list (players' copies are evicted by the server's change feed). */
export function useSaveContent(successText: (item: OpsContentItem, input: SaveContentInput) => string) {
  return useOpsMutation({ mutationFn: saveContent, invalidates: [contentKey], successText });
}
