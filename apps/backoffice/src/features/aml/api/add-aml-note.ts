import { amlNoteBodySchema, type AmlCaseDetail, type AmlNoteBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** The note form's schema: the route's own. */
export const amlNoteFormSchema = amlNoteBodySchema;

/** POST /ops/aml/cases/:id/notes (aml.review): an operator's note, in any state; audited. */
export function addAmlNote({ id, body }: AmlNoteBody & { id: string }): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { body },
  });
}

export function useAddAmlNote(successText: () => string) {
  return useOpsMutation({ mutationFn: addAmlNote, invalidates: [amlKey], successText });
}
