import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlPepSandboxKey } from './aml-pep-sandbox';

/** POST /ops/aml/pep-sandbox/:id/remove (settings.write): take a CPF off the sandbox PEP list, with why; audited. */
export function removeAmlPep({ id, note }: { id: string; note: string }): Promise<{ removed: boolean }> {
  return opsRequest<{ removed: boolean }>(`/ops/aml/pep-sandbox/${encodeURIComponent(id)}/remove`, {
    method: 'POST',
    body: { note },
  });
}

export function useRemoveAmlPep(successText: () => string) {
  return useOpsMutation({ mutationFn: removeAmlPep, invalidates: [amlPepSandboxKey], successText });
}
