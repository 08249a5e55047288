import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorEnrolBody,
  OperatorLoginAnswer,
  OperatorLoginBody,
  OperatorLoginResult,
} from '@wps/shared/schemas/operator';
import { opsRequest } from '../../lib/api-client';
import { meQueryKey } from '../../lib/api/get-me';
import { setOperatorToken } from '../../lib/session';

/** Keep the new session: store the token and seed the "me" query so the landing page needs no extra call. */
function useStoreSession() {
  const queryClient = useQueryClient();
  return (result: OperatorLoginResult) => {
    queryClient.setQueryData([...meQueryKey, result.token], result.operator);
    setOperatorToken(result.token);
  };
}

/** POST /ops/session/login: a session, or an enrolment to finish first. */
export function useSignIn() {
  const store = useStoreSession();
  return useMutation({
    mutationFn: (body: OperatorLoginBody) =>
      opsRequest<OperatorLoginAnswer>('/ops/session/login', { method: 'POST', body }),
    onSuccess: (answer) => {
      if (answer.status === 'signedIn') store(answer);
    },
  });
}

/** POST /ops/session/enrol: the first code confirms the authenticator app and opens the session. */
export function useConfirmEnrolment() {
  const store = useStoreSession();
  return useMutation({
    mutationFn: (body: OperatorEnrolBody) =>
      opsRequest<OperatorLoginResult>('/ops/session/enrol', { method: 'POST', body }),
    onSuccess: store,
  });
}

/** DELETE /ops/session/logout; the local session ends even when the server already ended it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => opsRequest<boolean>('/ops/session/logout', { method: 'DELETE' }),
    onSettled: () => {
      setOperatorToken(null);
      queryClient.clear();
    },
  });
}
