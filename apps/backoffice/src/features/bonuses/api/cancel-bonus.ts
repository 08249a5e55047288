import type { Bonus } from '@wps/shared/schemas/bonus';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { bonusListKey } from './list-bonuses';

export type CancelBonusInput = { id: string; reason: string };

/** POST /ops/bonuses/:id/cancel (bonuses.write): its balance back to the promotion budget; audited with the reason. */
export function cancelBonus({ id, reason }: CancelBonusInput): Promise<Bonus> {
  return opsRequest<Bonus>(`/ops/bonuses/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } });
}

export function useCancelBonus(successText: (input: CancelBonusInput) => string) {
  return useOpsMutation({
    mutationFn: cancelBonus,
    invalidates: [bonusListKey],
    successText: (_done, input) => successText(input),
  });
}
