import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseAccountBody } from '@wps/shared/schemas/privacy';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-storage';

/** POST /wps/member/close (token): close the account, confirmed with the password. */
export function closeAccount(body: CloseAccountBody): Promise<{ closed: true }> {
  return apiRequest<{ closed: true }>('/wps/member/close', { method: 'POST', body });
}

/** Close the account; the server ended every session, so this one is forgotten here too. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
