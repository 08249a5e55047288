import type { AddBarredCpfBody } from '@wps/shared/schemas/identity';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { barredHitsKey } from './barred-hits';
import { barredListKey } from './barred-list';

/** POST /ops/compliance/barred-list (settings.write): list a CPF in the sandbox; audited with the CPF masked. */
export function addBarredCpf(body: AddBarredCpfBody): Promise<{ id: string }> {
  return opsRequest<{ id: string }>('/ops/compliance/barred-list', { method: 'POST', body });
}

export function useAddBarredCpf(successText: () => string) {
  return useOpsMutation({ mutationFn: addBarredCpf, invalidates: [barredListKey, barredHitsKey], successText });
}
