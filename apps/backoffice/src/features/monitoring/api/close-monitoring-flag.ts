import {
  opsMonitoringCloseBodySchema,
  type OpsMonitoringCloseBody,
  type OpsMonitoringFlagDetail,
} from '@wps/shared/schemas/monitoring';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { monitoringKey } from './monitoring-flags';

/** The close form's schema: the route's own (an outcome and a reason). */
export const monitoringCloseFormSchema = opsMonitoringCloseBodySchema;

/** POST /ops/monitoring/flags/:id/close (monitoring.review): the outcome and why; audited, once. */
export function closeMonitoringFlag({
  id,
  ...body
}: OpsMonitoringCloseBody & { id: string }): Promise<OpsMonitoringFlagDetail> {
  return opsRequest<OpsMonitoringFlagDetail>(`/ops/monitoring/flags/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body,
  });
}

export function useCloseMonitoringFlag(successText: () => string) {
  return useOpsMutation({ mutationFn: closeMonitoringFlag, invalidates: [monitoringKey], successText });
}
