import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditSearchPage } from '@wps/shared/schemas/audit';
import { opsRequest } from '../../../lib/api-client';

export const auditListKey = ['ops', 'audit'] as const;

/** GET /ops/audit with the list's page, sort and filters (audit.read). */
export function fetchAuditList(query: URLSearchParams): Promise<AuditSearchPage> {
  return opsRequest<AuditSearchPage>(`/ops/audit?${query.toString()}`);
}

export function auditListQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...auditListKey, search],
    queryFn: () => fetchAuditList(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export function useAuditList(query: URLSearchParams) {
  return useQuery(auditListQuery(query));
}
