import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberAvatar, SetAvatarBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';
import { AVATAR_QUERY_KEY } from './get-avatar';

/** PUT /wps/member/info/icon (token): choose one of the drawn avatars. */
export function setAvatar(body: SetAvatarBody): Promise<MemberAvatar> {
  return apiRequest<MemberAvatar>('/wps/member/info/icon', { method: 'PUT', body });
}

/** Choose an avatar; the header and the security centre show it at once. */
export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AVATAR_QUERY_KEY }),
  });
}
