import type { AddAmlPepBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlPepSandboxKey } from './aml-pep-sandbox';

/** POST /ops/aml/pep-sandbox (settings.write): list a CPF as a PEP with its role (or change the role); audited. */
export function addAmlPep(body: AddAmlPepBody): Promise<{ id: string }> {
  return opsRequest<{ id: string }>('/ops/aml/pep-sandbox', { method: 'POST', body });
}

export function useAddAmlPep(successText: () => string) {
  return useOpsMutation({ mutationFn: addAmlPep, invalidates: [amlPepSandboxKey], successText });
}
