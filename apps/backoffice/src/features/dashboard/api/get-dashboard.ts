import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';

export type DashboardRange = { from: string; to: string; timeZone: string };

/** GET /ops/dashboard: figures of [from, to) (whole hours), days cut in the time zone, and the pending queues. */
export function fetchDashboard(range: DashboardRange): Promise<Dashboard> {
  const query = new URLSearchParams(range);
  return opsRequest<Dashboard>(`/ops/dashboard?${query.toString()}`);
}

export function dashboardQuery(range: DashboardRange) {
  return queryOptions({
    queryKey: ['ops', 'dashboard', range.from, range.to, range.timeZone],
    queryFn: () => fetchDashboard(range),
    placeholderData: keepPreviousData,
    // The queues age by the minute; the figures move with every bet.
    refetchInterval: 60_000,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery(dashboardQuery(range));
}
