import type { AmlCaseDetail, AmlReasonBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** POST /ops/aml/cases/:id/reject-filing (aml.review): the proposal goes back to review, with why; audited. */
export function rejectAmlFiling({ id, reason }: AmlReasonBody & { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/reject-filing`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRejectAmlFiling(successText: () => string) {
  return useOpsMutation({ mutationFn: rejectAmlFiling, invalidates: [amlKey], successText });
}
