import type { AmlCaseDetail, AmlReasonBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** POST /ops/aml/cases/:id/dismiss (aml.review): nothing to report, and why; audited. */
export function dismissAmlCase({ id, reason }: AmlReasonBody & { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDismissAmlCase(successText: () => string) {
  return useOpsMutation({ mutationFn: dismissAmlCase, invalidates: [amlKey], successText });
}
