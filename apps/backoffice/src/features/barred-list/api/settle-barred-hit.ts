import type { BarredHit } from '@wps/shared/schemas/identity';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { barredHitsKey } from './barred-hits';

export type SettleBarredHitInput = { id: string; note: string };

/** POST /ops/compliance/barred-hits/:id/settle (adjustments.approve): how the balance was paid out; audited. */
export function settleBarredHit({ id, note }: SettleBarredHitInput): Promise<BarredHit> {
  return opsRequest<BarredHit>(`/ops/compliance/barred-hits/${encodeURIComponent(id)}/settle`, {
    method: 'POST',
    body: { note },
  });
}

export function useSettleBarredHit(successText: (hit: BarredHit) => string) {
  return useOpsMutation({
    mutationFn: settleBarredHit,
    invalidates: [barredHitsKey],
    successText: (hit) => successText(hit),
  });
}
