import type { OperatorListItem, OperatorRoleName } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { operatorsKey } from './operators-list';

export type ChangeOperatorRoleInput = { username: string; role: OperatorRoleName; reason: string };

/** PUT /ops/operators/:username/role */
export function changeOperatorRole({ username, role, reason }: ChangeOperatorRoleInput): Promise<OperatorListItem> {
  return opsRequest<OperatorListItem>(`/ops/operators/${encodeURIComponent(username)}/role`, {
    method: 'PUT',
    body: { role, reason },
  });
}

export function useChangeOperatorRole(successText: (result: OperatorListItem) => string) {
  return useOpsMutation({ mutationFn: changeOperatorRole, invalidates: [operatorsKey], successText });
}
