import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyLimitsView } from '@wps/shared/schemas/operator-money';
import { opsRequest } from '../../../lib/api-client';

export const moneyLimitsKey = ['ops', 'operator-money', 'limits'] as const;

/** GET /ops/operator-money/limits (settings.read): the operator money policy's thresholds and the raises waiting. */
export const moneyLimitsQuery = queryOptions({
  queryKey: moneyLimitsKey,
  queryFn: () => opsRequest<MoneyLimitsView>('/ops/operator-money/limits'),
});

export function useMoneyLimits() {
  return useQuery(moneyLimitsQuery);
}
