import type { BarredRefund } from '@wps/shared/schemas/identity';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { barredHitsKey } from './barred-hits';

export type RefundBarredHitInput = { id: string };

/**
 * POST /ops/compliance/barred-hits/:id/refund (adjustments.approve): the member's balance goes
 * back by PIX to a key of their own, as a withdrawal that waits in the withdrawal queue; audited.
 */
export function refundBarredHit({ id }: RefundBarredHitInput): Promise<BarredRefund> {
  return opsRequest<BarredRefund>(`/ops/compliance/barred-hits/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    body: {},
  });
}

export function useRefundBarredHit(successText: (refund: BarredRefund) => string) {
  return useOpsMutation({
    mutationFn: refundBarredHit,
    invalidates: [barredHitsKey],
    successText: (refund) => successText(refund),
  });
}
