import {
  opsMonitoringNoteBodySchema,
  type OpsMonitoringFlagDetail,
  type OpsMonitoringNoteBody,
} from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { monitoringKey } from './monitoring-flags';

/** The note form's schema: the route's own. */
export const monitoringNoteFormSchema = opsMonitoringNoteBodySchema;

/** POST /ops/monitoring/flags/:id/notes (monitoring.review): an operator's note; audited. */
export function addMonitoringNote({
  id,
  body,
}: OpsMonitoringNoteBody & { id: string }): Promise<OpsMonitoringFlagDetail> {
  return opsRequest<OpsMonitoringFlagDetail>(`/ops/monitoring/flags/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { body },
  });
}

export function useAddMonitoringNote(successText: () => string) {
  return useOpsMutation({ mutationFn: addMonitoringNote, invalidates: [monitoringKey], successText });
}
