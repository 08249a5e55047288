import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/responsible-gaming (token): the player's limits with their pending changes, the reality check, what the licence requires. */
export function getRgStatus(): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming');
}

/** Under ['member'], so logout forgets it. */
export function rgStatusQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'responsible-gaming', token],
    queryFn: getRgStatus,
    enabled: token !== null,
  });
}

export function useRgStatus() {
  return useQuery(rgStatusQueryOptions(useToken()));
}
