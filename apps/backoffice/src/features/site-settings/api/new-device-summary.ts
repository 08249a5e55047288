import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewDeviceSummary } from '@wps/shared/schemas/login-verification';
import { opsRequest } from '../../../lib/api-client';

/** GET /ops/login-verification/summary (settings.read): the active accounts no login code can reach (no mobile, no e-mail). */
export const newDeviceSummaryQuery = queryOptions({
  queryKey: ['ops', 'login-verification', 'summary'] as const,
  queryFn: () => opsRequest<NewDeviceSummary>('/ops/login-verification/summary'),
});

export function useNewDeviceSummary() {
  return useQuery(newDeviceSummaryQuery);
}
