import type { MoneyLimitsBody, MoneyLimitsUpdate } from '@wps/shared/schemas/operator-money';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { moneyLimitsKey } from './money-limits';

/**
 * PUT /ops/operator-money/limits (settings.write): the thresholds lowered are in force at once, a
 * raise waits for another operator's approval.
 */
export function useChangeMoneyLimits(successText: (result: MoneyLimitsUpdate) => string) {
  return useOpsMutation({
    mutationFn: (body: MoneyLimitsBody) =>
      opsRequest<MoneyLimitsUpdate>('/ops/operator-money/limits', { method: 'PUT', body }),
    invalidates: [moneyLimitsKey],
    successText,
  });
}
