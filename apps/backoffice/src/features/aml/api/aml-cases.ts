import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AmlCasePage } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';

/** Every list of cases, every case's page and every player's standing: a step on a case refetches them. */
export const amlKey = ['ops', 'aml'] as const;

/** GET /ops/aml/cases with the list's page, order and filters (aml.review). */
export function fetchAmlCases(query: URLSearchParams): Promise<AmlCasePage> {
  return opsRequest<AmlCasePage>(`/ops/aml/cases?${query.toString()}`);
}

export function amlCasesQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...amlKey, 'cases', search],
    queryFn: () => fetchAmlCases(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

export function useAmlCases(query: URLSearchParams) {
  return useQuery(amlCasesQuery(query));
}
