import { openAmlCaseBodySchema, type AmlCaseDetail, type OpenAmlCaseBody } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** The form's schema: the route's own (the player's id and why). */
export const openAmlCaseFormSchema = openAmlCaseBodySchema;

/** POST /ops/aml/cases (aml.review): an operator opens a case on a player; audited. */
export function openAmlCase(body: OpenAmlCaseBody): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>('/ops/aml/cases', { method: 'POST', body });
}

export function useOpenAmlCase(successText: (opened: AmlCaseDetail) => string) {
  return useOpsMutation({ mutationFn: openAmlCase, invalidates: [amlKey], successText });
}
