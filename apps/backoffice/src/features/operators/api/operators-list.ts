import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorListItem } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';

export const operatorsKey = ['ops', 'operators'] as const;

/** GET /ops/operators (operators.manage): every operator, oldest first. */
export function fetchOperators(): Promise<OperatorListItem[]> {
  return opsRequest<OperatorListItem[]>('/ops/operators');
}

export const operatorsQuery = queryOptions({ queryKey: operatorsKey, queryFn: fetchOperators });

export function useOperators() {
  return useQuery(operatorsQuery);
}
