import { proposeAmlFilingBodySchema, type AmlCaseDetail, type ProposeAmlFilingBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** The proposal form's schema: the route's own (the narrative the report carries). */
export const proposeAmlFilingFormSchema = proposeAmlFilingBodySchema;

/** POST /ops/aml/cases/:id/propose-filing (aml.review): a filing with its narrative, for another to approve. */
export function proposeAmlFiling({ id, narrative }: ProposeAmlFilingBody & { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/propose-filing`, {
    method: 'POST',
    body: { narrative },
  });
}

export function useProposeAmlFiling(successText: () => string) {
  return useOpsMutation({ mutationFn: proposeAmlFiling, invalidates: [amlKey], successText });
}
