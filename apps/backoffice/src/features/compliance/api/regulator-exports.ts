import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegulatorExportPage } from '@wps/shared/schemas/regulator-export';
import { opsRequest } from '../../../lib/api-client';

export const regulatorExportsKey = ['ops', 'compliance', 'exports'] as const;

/** GET /ops/compliance/exports (compliance.exports): the daily export's runs, newest day first. */
export function fetchRegulatorExports(query: URLSearchParams): Promise<RegulatorExportPage> {
  return opsRequest<RegulatorExportPage>(`/ops/compliance/exports?${query.toString()}`);
}

export function regulatorExportsQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...regulatorExportsKey, search],
    queryFn: () => fetchRegulatorExports(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

export function useRegulatorExports(query: URLSearchParams) {
  return useQuery(regulatorExportsQuery(query));
}
