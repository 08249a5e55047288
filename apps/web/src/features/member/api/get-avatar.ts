import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberAvatar } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/info/icon (token): the member's avatar; nulls mean the default one. */
export function getAvatar(): Promise<MemberAvatar> {
  return apiRequest<MemberAvatar>('/wps/member/info/icon');
}

/** Query key prefix the avatar calls share, so choosing one refreshes every view of it. */
export const AVATAR_QUERY_KEY = ['member', 'avatar'] as const;

export function avatarQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...AVATAR_QUERY_KEY, 'current', token],
    queryFn: getAvatar,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** The logged-in member's avatar. */
export function useAvatar() {
  return useQuery(avatarQueryOptions(useToken()));
}
