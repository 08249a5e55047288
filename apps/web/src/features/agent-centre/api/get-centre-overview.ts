import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CentreOverview } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/overview (token, agents only): the team's figures today, over 7 and over 30 days. */
export function getCentreOverview(): Promise<CentreOverview> {
  return apiRequest<CentreOverview>('/wps/agent/centre/overview');
}

/** Under ['member'], so logout forgets it and a money action (a transfer, a deposit) refreshes it. */
export function centreOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'agent', 'overview', token],
    queryFn: getCentreOverview,
    enabled: token !== null,
  });
}

/** The agent centre's default page's figures. */
export function useCentreOverview() {
  return useQuery(centreOverviewQueryOptions(useToken()));
}
