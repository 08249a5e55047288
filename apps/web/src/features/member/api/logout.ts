import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { forgetSignedIn } from '../../../lib/session-refresh';
import { clearSession } from '../../../lib/session-storage';
import { announceSignedOut } from '../../../lib/session-sync';

/**
 * DELETE /wps/session/logout (token): the server revokes the session and its sign-in (the refresh
 * cookie's family, other tabs' sessions) and clears the refresh cookie.
 */
export function logout(): Promise<unknown> {
  return apiRequest<unknown>('/wps/session/logout', { method: 'DELETE' });
}

/**
 * Logout: revoke on the server, clear session storage (merchant keys kept), drop the
 * member's cached data, tell the browser's other tabs and go to /. The local session ends even
 * if the server call fails.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      forgetSignedIn();
      announceSignedOut();
      queryClient.removeQueries({ queryKey: ['member'] });
      void navigate('/');
    },
  });
}
