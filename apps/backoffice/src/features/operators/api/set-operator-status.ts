import type { OperatorListItem } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { operatorsKey } from './operators-list';

export type SetOperatorStatusInput = { username: string; status: 'active' | 'disabled'; reason: string };

/** PUT /ops/operators/:username/status: disable (their sessions end) or enable. */
export function setOperatorStatus({ username, status, reason }: SetOperatorStatusInput): Promise<OperatorListItem> {
  return opsRequest<OperatorListItem>(`/ops/operators/${encodeURIComponent(username)}/status`, {
    method: 'PUT',
    body: { status, reason },
  });
}

export function useSetOperatorStatus(successText: (result: OperatorListItem) => string) {
  return useOpsMutation({ mutationFn: setOperatorStatus, invalidates: [operatorsKey], successText });
}
