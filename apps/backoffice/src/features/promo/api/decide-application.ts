import type { OpsApplication } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { applicationQueueKey } from './application-queue';

export type DecideApplicationInput = { id: string; decision: 'approve' | 'reject'; reason: string };

/** POST /ops/promo/applications/:id/approve | reject (promotions.write): audited; a rejection's reason is shown to the player. */
export function decideApplication({ id, decision, reason }: DecideApplicationInput): Promise<OpsApplication> {
  return opsRequest<OpsApplication>(`/ops/promo/applications/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDecideApplication(successText: (input: DecideApplicationInput) => string) {
  return useOpsMutation({
    mutationFn: decideApplication,
    invalidates: [applicationQueueKey],
    successText: (_done, input) => successText(input),
  });
}
