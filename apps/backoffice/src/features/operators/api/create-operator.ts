import type { OperatorCreateBody, OperatorCreated } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { operatorsKey } from './operators-list';

/** POST /ops/operators: a new operator; a generated first password comes back once. */
export function createOperator(body: OperatorCreateBody): Promise<OperatorCreated> {
  return opsRequest<OperatorCreated>('/ops/operators', { method: 'POST', body });
}

export function useCreateOperator() {
  return useOpsMutation({ mutationFn: createOperator, invalidates: [operatorsKey] });
}
