import type { OpsApplication } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { applicationQueueKey } from './application-queue';

/** `approve-payment`: a second operator completes an approval that waits (adjustments.approve). */
export type DecideApplicationInput = { id: string; decision: 'approve' | 'reject' | 'approve-payment'; reason: string };

/**
 * POST /ops/promo/applications/:id/approve | reject (promotions.write): audited; a rejection's
 * reason is shown to the player. An approval whose reward of money passes the operator money
 * policy's thresholds answers the application still applying, waiting for a second operator, who
 * completes it with /approve-payment.
 */
export function decideApplication({ id, decision, reason }: DecideApplicationInput): Promise<OpsApplication> {
  return opsRequest<OpsApplication>(`/ops/promo/applications/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDecideApplication(successText: (input: DecideApplicationInput, done: OpsApplication) => string) {
  return useOpsMutation({
    mutationFn: decideApplication,
    invalidates: [applicationQueueKey],
    successText: (done, input) => successText(input, done),
  });
}
