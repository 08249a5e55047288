import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CentreAnnouncements } from '@wps/shared/schemas/agent-centre';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/announcements (token, agents only): the operator's announcements for agents. */
export function getCentreAnnouncements(query: Record<string, QueryValue>): Promise<CentreAnnouncements> {
  return apiRequest<CentreAnnouncements>('/wps/agent/centre/announcements', { query });
}

/** Under ['member'], so logout forgets it and a money action refreshes it; one entry per filter, the last page kept while the next loads. */
export function centreAnnouncementsQueryOptions(token: string | null, query: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: ['member', 'agent', 'announcements', token, query],
    queryFn: () => getCentreAnnouncements(query),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCentreAnnouncements(query: Record<string, QueryValue>) {
  return useQuery(centreAnnouncementsQueryOptions(useToken(), query));
}
