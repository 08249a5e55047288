import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@wps/shared/schemas/promo';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type ActivityList = { list: Activity[]; availablePromoCount: number };

/** GET /wps/promo/activities (token optional): each live promotion's activity for the caller. */
export function listActivities(): Promise<ActivityList> {
  return apiRequest<ActivityList>('/wps/promo/activities');
}

/** Every action of this feature invalidates this prefix (the list, the side menu's count). */
export const PROMO_QUERY_KEY = ['promo'] as const;

/** Keyed by the token, so a login or logout reads the caller's own statuses at once. */
export function activitiesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...PROMO_QUERY_KEY, 'activities', token],
    queryFn: listActivities,
    staleTime: 30_000,
  });
}

/** The statuses of every promotion (the list page and the detail page share one fetch). */
export function useActivities() {
  return useQuery(activitiesQueryOptions(useToken()));
}
