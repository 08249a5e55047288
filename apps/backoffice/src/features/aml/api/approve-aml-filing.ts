import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/**
 * POST /ops/aml/cases/:id/approve-filing (aml.review): a second operator approves and the report
 * is sent to COAF (never the proposer: AML_CASE_OWN_FILING); on a case whose send failed, sends
 * the kept report again.
 */
export function approveAmlFiling({ id }: { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/approve-filing`, { method: 'POST' });
}

export function useApproveAmlFiling(successText: (filed: AmlCaseDetail) => string) {
  return useOpsMutation({ mutationFn: approveAmlFiling, invalidates: [amlKey], successText });
}
