import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { amlKey } from './aml-cases';

/** GET /ops/aml/cases/:id (aml.review): the case, the player's rating and reasons, notes, filing. */
export function fetchAmlCase(id: string): Promise<AmlCaseDetail> {
  return opsRequest<AmlCaseDetail>(`/ops/aml/cases/${encodeURIComponent(id)}`);
}

// Under the AML key, so a step on the case refetches the lists and the page alike.
export function amlCaseQuery(id: string) {
  return queryOptions({ queryKey: [...amlKey, 'case', id], queryFn: () => fetchAmlCase(id) });
}

export function useAmlCase(id: string) {
  return useQuery(amlCaseQuery(id));
}
