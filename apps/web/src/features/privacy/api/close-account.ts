import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseAccountBody, CloseAccountResult } from '@wps/shared/schemas/privacy';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-storage';

/** POST /wps/member/close (token): close the account, confirmed with the password; the answer says what became of the balance. */
export function closeAccount(body: CloseAccountBody): Promise<CloseAccountResult> {
  return apiRequest<CloseAccountResult>('/wps/member/close', { method: 'POST', body });
}

/**
 * Close the account; the server ended every session, so this one is forgotten here too. `onClosed`
 * runs first, from the mutation itself: forgetting the session unmounts the account screens, and a
 * callback given to `mutate` would not run then.
 */
export function useCloseAccount(onClosed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      onClosed();
      clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
