import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { barredListKey } from './barred-list';

export type RemoveBarredCpfInput = { id: string; note: string };

/** POST /ops/compliance/barred-list/:id/remove (settings.write): take a CPF off the sandbox list; audited. */
export function removeBarredCpf({ id, note }: RemoveBarredCpfInput): Promise<{ removed: true }> {
  return opsRequest<{ removed: true }>(`/ops/compliance/barred-list/${encodeURIComponent(id)}/remove`, {
    method: 'POST',
    body: { note },
  });
}

export function useRemoveBarredCpf(successText: () => string) {
  return useOpsMutation({ mutationFn: removeBarredCpf, invalidates: [barredListKey], successText });
}
