import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** POST /ops/aml/cases/:id/review (aml.review): take the case; the caller becomes its assignee. */
export function reviewAmlCase({ id }: { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/review`, { method: 'POST' });
}

export function useReviewAmlCase(successText: () => string) {
  return useOpsMutation({ mutationFn: reviewAmlCase, invalidates: [amlKey], successText });
}
