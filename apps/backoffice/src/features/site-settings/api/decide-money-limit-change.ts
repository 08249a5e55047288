import type { MoneyLimitsView } from '@wps/shared/schemas/operator-money';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { moneyLimitsKey } from './money-limits';

/** POST /ops/operator-money/limit-changes/:id/approve or /reject, by an operator other than the asker. */
export function useDecideMoneyLimitChange(successText: (decision: 'approve' | 'reject') => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      opsRequest<MoneyLimitsView>(`/ops/operator-money/limit-changes/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [moneyLimitsKey],
    successText: (_result, { decision }) => successText(decision),
  });
}
