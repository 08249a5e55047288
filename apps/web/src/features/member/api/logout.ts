import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-storage';

/** DELETE /wps/session/logout (token): the server revokes the token. */
export function logout(): Promise<unknown> {
  return apiRequest<unknown>('/wps/session/logout', { method: 'DELETE' });
}

/**
 * Logout: revoke on the server, clear session storage (merchant keys kept), drop the
 * member's cached data and go to /. The local session ends even if the server call fails.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
      void navigate('/');
    },
  });
}
