import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerAvatarList } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { AVATAR_QUERY_KEY } from './get-avatar';

/** GET /wps/relay/MCSFE_getPlayerAvatar (token): the avatars on offer and the current one. */
export function listAvatars(): Promise<PlayerAvatarList> {
  return apiRequest<PlayerAvatarList>('/wps/relay/MCSFE_getPlayerAvatar');
}

export function avatarListQueryOptions(token: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: [...AVATAR_QUERY_KEY, 'list', token],
    queryFn: listAvatars,
    enabled: token !== null && enabled,
    staleTime: 5 * 60_000,
  });
}

/** The avatar choices; fetched only once the picker opens. */
export function useAvatarList(enabled: boolean) {
  return useQuery(avatarListQueryOptions(useToken(), enabled));
}
