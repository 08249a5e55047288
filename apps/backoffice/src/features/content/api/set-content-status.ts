import type { ContentStatus, OpsContentItem } from '@wps/shared/schemas/content';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { contentKey } from './content-list';

export type SetContentStatusInput = { id: string; status: ContentStatus; reason: string };

/**
 * PUT /ops/content/:id/status (content.write): publish (live from its publish-from time), archive
 * (gone from the site) or back to draft; audited with the reason. The same status again is
 * refused (CONTENT_STATUS_UNCHANGED).
 */
export function setContentStatus({ id, ...body }: SetContentStatusInput): Promise<OpsContentItem> {
  return opsRequest<OpsContentItem>(`/ops/content/${encodeURIComponent(id)}/status`, { method: 'PUT', body });
}

export function useSetContentStatus(successText: (item: OpsContentItem) => string) {
  return useOpsMutation({ mutationFn: setContentStatus, invalidates: [contentKey], successText });
}
